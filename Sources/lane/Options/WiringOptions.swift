import ArgumentParser
import GPIO
import POSIX
import LaneBridge

/// The lane's wiring file, as `lane run` and `lane record` take it.
struct WiringOptions: ParsableArguments {
  @Option(help: """
    The lane's wiring file (TOML), e.g. Hardware/wiring/string-pinsetter-pi.toml; required \
    unless --config names one.
    """)
  var wiring: String?

  /// Opens the lane's sensors, or tells the user what is wrong and exits (64 without a
  /// wiring file).
  func openHardware(command: String, wake: WakeEvent? = nil) throws -> LaneHardware {
    var standardError = StandardError()
    guard let wiring else {
      print(
        "lane \(command): give the lane's wiring file with --wiring (or wiring in --config)",
        to: &standardError)
      throw ExitCode(.usage)
    }
    do {
      return try LaneHardware(wiringFile: wiring, consumer: "lane \(command)", wake: wake)
    } catch {
      print("lane \(command): \(error)", to: &standardError)
      throw ExitCode(error.exitStatus)
    }
  }
}
