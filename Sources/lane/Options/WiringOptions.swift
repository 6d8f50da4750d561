import ArgumentParser
import GPIO
import LaneBridge

/// The lane's wiring file, as `lane run` and `lane record` take it.
struct WiringOptions: ParsableArguments {
  @Option(help: "The lane's wiring file (TOML), e.g. Hardware/wiring/string-pinsetter-pi.toml.")
  var wiring: String

  /// Opens the lane's sensors, or tells the user what is wrong and exits.
  func openHardware(command: String, wake: WakeEvent? = nil) throws -> LaneHardware {
    do {
      return try LaneHardware(wiringFile: wiring, consumer: "lane \(command)", wake: wake)
    } catch {
      var standardError = StandardError()
      print("lane \(command): \(error)", to: &standardError)
      throw ExitCode(error.exitStatus)
    }
  }
}
