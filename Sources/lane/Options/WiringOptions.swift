import ArgumentParser
import LaneBridge
import LaneHardware
import POSIX

/// The lane's wiring file, as `lane run` and `lane record` take it.
struct WiringOptions: ParsableArguments {
  @Option(help: """
    The lane's wiring file (TOML), e.g. Hardware/wiring/string-pinsetter-pi.toml; required \
    unless --config names one.
    """)
  var wiring: String?

  /// Opens the lane's sensors, or a failure saying what is wrong (64 without a wiring file).
  func openHardware(wake: WakeEvent? = nil) throws(LaneFailure) -> WiredLane {
    guard let wiring else {
      throw LaneFailure(.usage, "give the lane's wiring file with --wiring (or wiring in --config)")
    }
    do {
      return try WiredLane(wiringFile: wiring, consumer: Report.command, wake: wake)
    } catch {
      throw LaneFailure(error.exitStatus, "\(error)")
    }
  }
}
