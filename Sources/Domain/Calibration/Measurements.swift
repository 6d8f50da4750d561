import LaneSensing
import Wiring

/// What calibration measured on the lane's lines: idle levels, noise, chatter, stuck sensors
/// and the timing of test deliveries, with the windows it recommends from them.
public struct Measurements: Hashable, Sendable {
  /// What was measured on one mapped line.
  public struct Line: Hashable, Sendable {
    /// What the line senses.
    public var role: Wiring.Role

    /// The line's offset.
    public var offset: Int

    /// The line's level with the rack standing and nothing moving.
    public var idle: LineLevel

    /// How many times its contact closed (the pin fell) while chatter was measured.
    public var knocks: Int

    /// The longest its contact chattered in one change; zero for clean changes.
    public var longestChatter: Duration
  }

  /// Every watched line's level with a full rack standing and nothing moving.
  public var idleLevels: [Int: LineLevel] = [:]

  /// Lines that changed while nothing there should move, with how many times they did.
  public var noisyLines: [Int: Int] = [:]

  /// The mapped pin lines, in pin order, once chatter was measured.
  public var lines: [Line] = []

  /// Test deliveries and the longest pause between falling pins within one.
  public var deliveries = DeliveryTiming(bursts: [], standingLevel: [:])

  /// The recommended bounce window.
  public var bounce = Wiring.Detector.defaultBounce

  /// The recommended settle window.
  public var settle = Wiring.Detector.defaultSettle

  /// Pins whose lines never changed while they were knocked down and stood again: a stuck
  /// sensor or a broken string.
  public var stuck: [Wiring.Role] { lines.filter { $0.knocks == 0 }.map(\.role) }

  /// The longest chatter of any pin line.
  public var longestChatter: Duration { lines.map(\.longestChatter).max() ?? .zero }

  /// The measurement of the line sensing `role`, if it was measured.
  public subscript(role: Wiring.Role) -> Line? { lines.first { $0.role == role } }
}
