import ArgumentParser
import Journal
import LaneBridge
import LaneSensing
import SimulatedPinSensor

#if canImport(Glibc)
  import Glibc
#endif

extension Lane {
  /// `lane simulate`: replays a recorded or written trace through the whole pipeline.
  struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replay a sensor trace through the throw detector and the scoring engine.",
      discussion: """
        Runs as fast as it can, or at the trace's own pace with --realtime. Warnings go to \
        stderr. Exit status 65 for a malformed trace, 66 when it cannot be opened. The trace \
        format is described in docs/trace-format.md.
        """
    )

    @Flag(help: "Print one JSON object with every throw and game instead of the scoreboard.")
    var json = false

    @Flag(help: "Replay at the trace's pace, printing the scoreboard as frames complete.")
    var realtime = false

    @Option(help: "Replay this many times faster than the trace's pace (e.g. 20); implies --realtime.")
    var speed: Double?

    @Flag(help: "Print one line per throw as soon as it is journalled, as lane run does in a log.")
    var log = false

    @OptionGroup var session: SessionOptions

    @OptionGroup var detector: DetectorOptions

    @Argument(help: "The trace file, or - for standard input.")
    var trace: String

    func validate() throws {
      if json && (realtime || speed != nil) {
        throw ValidationError("--json and --realtime do not go together")
      }
      if json && log { throw ValidationError("--json and --log do not go together") }
      if let speed, !(speed > 0 && speed.isFinite) {
        throw ValidationError("--speed must be a number above 0, e.g. 20")
      }
    }

    func run() throws {
      let colour = StandardOutput.wantsColour
      let paced = realtime || speed != nil
      let format: Simulation.Format =
        if json { .json } else if log { .log } else if paced { .liveScoreboard(colour: colour) } else {
          .scoreboard(colour: colour)
        }
      let simulation = Simulation(detector: detector.configuration(), format: format)
      var output = StandardOutput()
      var warnings = StandardError()
      var sensor = try openTrace()
      var journal = try session.openSession(command: "simulate")
      do {
        if paced {
          var pacedSensor = PacedSensor(sensor, clock: ContinuousWallClock(), speed: speed ?? 1)
          try simulation.run(&pacedSensor, journal: &journal, output: &output, warnings: &warnings)
        } else {
          try simulation.run(&sensor, journal: &journal, output: &output, warnings: &warnings)
        }
      } catch let error as TraceError {
        print("lane simulate: \(traceName): \(error)", to: &warnings)
        throw ExitCode(ExitStatus.dataError)
      } catch let error as JournalError {
        print("lane simulate: \(error)", to: &warnings)
        throw ExitCode(error.exitStatus)
      }
    }

    private var traceName: String { trace == "-" ? "standard input" : trace }

    private func openTrace() throws -> SimulatedPinSensor {
      if trace == "-" { return .standardInput() }
      do {
        return try SimulatedPinSensor(contentsOf: trace)
      } catch {
        var warnings = StandardError()
        print("lane simulate: \(error)", to: &warnings)
        throw ExitCode(ExitStatus.noInput)
      }
    }
  }
}
