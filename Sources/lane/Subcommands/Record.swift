import ArgumentParser
import Foundation
import GPIO
import GPIOPinSensor
import POSIX
import LaneRuntime
import LaneBridge
import LaneCLI
import LaneOptions

extension Lane {
  /// `lane record`: the lane's raw events as a trace, for `lane simulate` and regression tests.
  struct Record: AsyncParsableCommand, LoggingCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the lane's raw sensor events in the trace format.",
      discussion: """
        Records until SIGINT, SIGTERM or SIGHUP. An existing --out file is never replaced without \
        --force; with it, the new trace replaces the old one whole when recording stops. \
        A symbolic link is never followed. The trace is synced to storage whenever the lane \
        falls quiet.
        """ + ExitStatus.help(.usage, .unavailable, .cannotCreate, .ioError, .noPermission, .badConfiguration)
    )

    @OptionGroup var wiringOptions: WiringOptions

    @Option(help: "The trace file to write (default: standard output).")
    var out: String?

    @Flag(help: "Replace the --out file if it exists.")
    var force = false

    @OptionGroup var logOptions: LogOptions

    func validate() throws {
      // --wiring is optional in the option group only because lane run may take it from
      // --config.
      try validated(try OptionValues.checkRecordWiring(wiringOptions.wiring))
    }

    func run() async throws {
      let stop = StopRequest(wake: try WakeEvent.made())
      // The wiring is checked and the chip opened first: a mistake there creates no file.
      let hardware = try wiringOptions.openHardware(consumer: Report.command, wake: stop.wake)
      let file: RecordingFile?
      do {
        file = try out.map { path throws(RecordingFile.Failure) in
          try RecordingFile(path: path, replacing: force)
        }
      } catch {
        throw LaneFailure(.cannotCreate, "\(error)")
      }
      let recording = TraceRecording(header: [
        "recorded by lane record on \(Date().ISO8601Format())",
        "wiring: \(wiringOptions.wiring ?? "") (chip \(hardware.wiring.chipName))",
      ])
      let lines = Lines(sensor: hardware.sensor, file: file)
      let summary = try await Lifecycle.runBlocking(named: "lane record", stop: stop, logger: Report.logger) { stop in
        try lines.record(with: recording, until: stop)
      }
      guard let summary else { return }
      Report.line(
        "\(summary.events) events recorded"
          + (summary.lostEvents > 0 ? ", \(summary.lostEvents) lost (see the comments)" : "")
          + (out.map { " to \($0)" } ?? ""))
    }

    /// The lines and the file, handed to the recording's thread, which alone uses them.
    private final class Lines: @unchecked Sendable {
      var sensor: GPIOPinSensor
      var file: RecordingFile?

      init(sensor: GPIOPinSensor, file: RecordingFile?) {
        self.sensor = sensor
        self.file = file
      }

      func record(with recording: TraceRecording, until stop: StopRequest) throws -> TraceRecording.Summary {
        guard var file else {
          var output = StandardOutput()
          return try recording.record(&sensor, to: &output, until: { stop.isRequested })
        }
        let summary = try recording.record(&sensor, to: &file, until: { stop.isRequested }, sync: file.sync)
        try file.finish()
        return summary
      }
    }
  }
}
