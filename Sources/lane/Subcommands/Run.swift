import ArgumentParser
import GPIO
import LaneBridge

#if canImport(Glibc)
  import Glibc
#endif

extension Lane {
  /// `lane run`: the live lane.
  struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Read the lane's sensors, detect throws, score them and show the games.",
      discussion: """
        On a terminal the scoreboard and pin deck are redrawn in place; otherwise each throw \
        is a log line. Stops cleanly on SIGINT or SIGTERM (a second one ends it at once). \
        Exit status 78 for a bad wiring file, 77 when the chip may not be opened, 69 when a \
        chip or line is unavailable, 74 when reading the lines fails.
        """
    )

    @OptionGroup var wiringOptions: WiringOptions

    @Flag(help: "Write one JSON object per throw, completed frame and game, one per line.")
    var json = false

    @OptionGroup var detector: DetectorOptions

    func run() throws {
      let hardware = try wiringOptions.openHardware(command: "run")
      StopSignal.install()
      var sensor = hardware.sensor
      var output = StandardOutput()
      var warnings = StandardError()
      let format: LiveLane.Format =
        if json { .jsonLines } else if isatty(STDOUT_FILENO) == 1 {
          .console(colour: getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true)
        } else { .log }
      let lane = LiveLane(detector: detector.configuration(over: hardware.detector), format: format)
      do {
        let series = try lane.run(&sensor, output: &output, warnings: &warnings) {
          StopSignal.isRequested
        }
        print("lane run: stopped; \(LaneSummary(series))", to: &warnings)
      } catch let error as GPIOError {
        print("lane run: \(error)", to: &warnings)
        throw ExitCode(74)
      }
    }
  }
}
