import Bowling
import Journal
import LaneSensing

/// Something that happened on a lane, as the lane's displays receive it: the console board,
/// the log, JSON lines, the end-of-run report, and later the centre link and the web board.
///
/// Every event carries ``sequence``, the number of the journal record it came from (or, for
/// what is not journalled, the last record before it), so a receiver can say "shown up to N"
/// and drop a repeat. The lane session the event leaves behind goes with it to
/// ``LaneDisplay/show(_:in:)``.
public struct LaneEvent: Hashable, Sendable {
  /// What happened.
  public enum Kind: Hashable, Sendable {
    /// The lane started, stopped or its sensor ended.
    case status(Status)
    /// A delivery was journalled and scored.
    case scored(ScoredThrow)
    /// A bowler's frame is complete: its number (from 1) in game `game` (from 1).
    case frameCompleted(bowler: Int, game: Int, frame: Int)
    /// A bowler's game is complete.
    case gameCompleted(bowler: Int, game: Int)
    /// An operator's correction was journalled (at the console or by `lane correct`);
    /// `change` says what it changed.
    case corrected(Correction, change: String, by: String)
    /// The bowler at this index in ``LaneSession/bowlers`` is up next.
    case bowlerUp(Int)
    /// The pins standing changed outside a delivery (the pinsetter set them).
    case deckChanged(standing: PinSet)
    /// Something on the lane needs the operator's attention; nothing was dropped silently.
    case warning(LaneWarning)
    /// A torn record at the end of the journal was set aside.
    case journalRecovered(JournalRecovery)
    /// A message for the operator: why a console command was refused, or the commands.
    case notice(String)
    /// `by` ended the session (its last record was `ended`) and the session the event
    /// carries opened: its bowlers, no deliveries yet.
    case sessionStarted(by: String, ended: Int)
  }

  /// Where the lane stands.
  public enum Status: Hashable, Sendable {
    /// The lane is running, its session resumed from the journal.
    case running
    /// The sensor has no more readings (the end of a trace); every delivery was read.
    case sensorEnded
    /// A stop was asked for (a signal); `openDeliverySince` is when a delivery still open
    /// started, if one was: it was not scored.
    case stopped(openDeliverySince: SensorInstant?)
  }

  public var kind: Kind
  /// The journal's sequence number of the record this event came from: the delivery or
  /// correction, or the last record before the event when it is not journalled itself.
  public var sequence: Int

  public init(_ kind: Kind, sequence: Int) {
    self.kind = kind
    self.sequence = sequence
  }
}

extension LaneEvent {
  /// The line for the operator's warnings (stderr), for events that are warnings: a lane
  /// warning, a torn record set aside, a notice, or a stop during a delivery.
  public var warningLine: String? {
    switch kind {
    case .warning(let warning): "warning: \(warning)"
    case .journalRecovered(let recovery): "warning: \(recovery)"
    case .notice(let message): "warning: \(message)"
    case .status(.stopped(let since?)):
      "warning: stopped during a delivery that started at \(since.secondsText)s or earlier;"
        + " it was not scored"
    default: nil
    }
  }
}
