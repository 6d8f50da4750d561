import Wiring

/// How a calibration runs: how long it waits for what, how many times it measures, and the
/// choices the technician made on the command line.
public struct CalibrationSettings: Hashable, Sendable {
  /// How long the lane must stay still while idle levels are read and noisy lines are caught.
  public var stillWatch: Duration = .seconds(5)

  /// How long to wait for the technician to do what was asked before saying nothing changed.
  public var answerTimeout: Duration = .seconds(30)

  /// How long the lines must stay still after a change before the answer is judged, so a
  /// second pin falling late is caught too.
  public var answerQuiet: Duration = .seconds(1)

  /// The longest pause inside one contact's chatter; a longer pause starts a new change.
  public var burstGap: Duration = .milliseconds(100)

  /// How many times each pin is knocked down and stood again while chatter is measured.
  public var knockCycles = 3

  /// How many test deliveries the settle window is measured from.
  public var deliveries = 3

  /// How long a measurement or the deck view runs before the technician is asked whether to
  /// keep going.
  public var stepTimeout: Duration = .seconds(180)

  /// What the longest chatter is multiplied by for the recommended bounce window.
  public var bounceMargin = 2.0

  /// What the longest pause between falls is multiplied by for the recommended settle window.
  public var settleMargin = 1.5

  /// The pull resistor the lines are requested with, written into the wiring file.
  public var bias: Wiring.Bias = .pullUp

  /// Whether to ask for the ball, foul and cycle signals after the pins.
  public var asksForSignals = true

  /// Creates the standard settings.
  public init() {}
}
