import Bowling
import Wiring

/// Something calibration tells the technician: an instruction, a finding, or the live deck.
///
/// Messages are values, so tests check what the technician was told; ``description`` is the
/// text a terminal shows.
public enum CalibrationMessage: Hashable, Sendable {
  /// A step begins.
  case step(CalibrationStep)

  /// The chip and its lines; lines in use are not watched.
  case survey(ChipSurvey)

  /// Keep the lane still while it is watched for `duration`.
  case keepStill(Duration)

  /// Each watched line's level with the rack standing, and the lines that changed anyway.
  case idleLevels([Int: LineLevel], noisy: [Int: Int])

  /// Knock down this pin and leave it down, or trigger this signal.
  case knockDown(Wiring.Role)

  /// The line that answered for `role`; `name` is its name on the chip, `""` when unnamed.
  case mapped(Wiring.Role, line: Int, name: String, activeLow: Bool)

  /// The answer could not be taken; the technician is told why and what to do.
  case refused(Refusal)

  /// The lines that moved are back as they were; the question comes again.
  case putBack

  /// A signal the technician said the lane does not have, or gave up on.
  case leftOut(Wiring.Role)

  /// Knock each pin down and stand it again, `cycles` times, while chatter is measured.
  case knockAndStand(cycles: Int)

  /// What the chatter measurement found, and the bounce window it recommends.
  case chatterReport(Measurements, margin: Double)

  /// Bowl test deliveries, standing the pins after each, while the settle time is measured.
  case bowlDeliveries(Int)

  /// What the test deliveries showed, and the settle window they recommend.
  case settleReport(Measurements, margin: Double)

  /// Knock pins down and stand them again while watching the deck on screen.
  case watchDeck

  /// The pins LaneBridge reads as standing now.
  case deck(PinSet)

  /// In a check, the line that answered for `role`, and the line the file says.
  case checked(Wiring.Role, found: Int, expected: Int)

  /// In a check, everything found.
  case checkReport(CheckReport)
}

extension CalibrationMessage {
  /// Why an answer was refused.
  public enum Refusal: Hashable, Sendable {
    /// Several lines changed when one was asked for.
    case severalLines([Int], asked: Wiring.Role)

    /// A line that already answered for another pin or signal changed.
    case alreadyMapped(line: Int, to: Wiring.Role, asked: Wiring.Role)

    /// No line changed within the time given.
    case nothingChanged(Wiring.Role, after: Duration)

    /// The kernel dropped changes while the answer came in.
    case changesLost(Int, asked: Wiring.Role)
  }
}
