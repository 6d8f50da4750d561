import ArgumentParser
import LaneBridge
import LaneHardware
import POSIX

/// The lane's wiring file, as `lane run` and `lane record` take it.
public struct WiringOptions: ParsableArguments {
  public init() {}

  @Option(help: """
    The lane's wiring file (TOML), e.g. Hardware/wiring/string-pinsetter-pi.toml; required \
    unless --config names one.
    """)
  public var wiring: String?

  /// Opens the lane's sensors, or a failure saying what is wrong (64 without a wiring file).
  ///
  /// - Parameter consumer: The name other programs see holding the lines (`lane run`).
  public func openHardware(consumer: String, wake: WakeEvent? = nil) throws(LaneFailure) -> WiredLane {
    guard let wiring else {
      throw LaneFailure(.usage, "give the lane's wiring file with --wiring (or wiring in --config)")
    }
    return try Self.open(wiringFile: wiring, consumer: consumer, wake: wake)
  }

  /// Opens the sensors of the lane wired by `path`, or a failure saying what is wrong,
  /// after `naming` (a pair's lane) when given.
  public static func open(
    wiringFile path: String, consumer: String, wake: WakeEvent?, naming lane: String? = nil
  ) throws(LaneFailure) -> WiredLane {
    do {
      return try WiredLane(wiringFile: path, consumer: consumer, wake: wake)
    } catch {
      throw LaneFailure(ExitStatus(error), (lane.map { "\($0): " } ?? "") + "\(error)")
    }
  }
}
