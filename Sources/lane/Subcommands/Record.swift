import ArgumentParser
import Foundation
import GPIO
import LaneApplication
import LaneBridge
import LaneCommandLine
import LaneOptions

extension Lane {
  /// `lane record`: the lane's raw events as a trace, for `lane simulate` and regression tests.
  struct Record: ParsableCommand {
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

    func validate() throws {
      // --wiring is optional in the option group only because lane run may take it from
      // --config.
      try validated(try OptionValues.checkRecordWiring(wiringOptions.wiring))
    }

    func run() throws {
      // The wiring is checked and the chip opened first: a mistake there creates no file.
      let hardware = try wiringOptions.openHardware(consumer: Report.command)
      let file: RecordingFile?
      do {
        file = try out.map { path throws(RecordingFile.Failure) in
          try RecordingFile(path: path, replacing: force)
        }
      } catch {
        throw LaneFailure(.cannotCreate, "\(error)")
      }
      StopSignal.install()
      var sensor = hardware.sensor
      let recording = TraceRecording(header: [
        "recorded by lane record on \(Date().ISO8601Format())",
        "wiring: \(wiringOptions.wiring ?? "") (chip \(hardware.wiring.chipName))",
      ])
      do {
        let summary: TraceRecording.Summary
        if var file {
          summary = try recording.record(
            &sensor, to: &file, until: { StopSignal.isRequested }, sync: file.sync)
          try file.finish()
        } else {
          var output = StandardOutput()
          summary = try recording.record(&sensor, to: &output, until: { StopSignal.isRequested })
        }
        Report.line(
          "\(summary.events) events recorded"
            + (summary.lostEvents > 0 ? ", \(summary.lostEvents) lost (see the comments)" : "")
            + (out.map { " to \($0)" } ?? ""))
      } catch let error as GPIOError {
        throw LaneFailure(.ioError, "\(error)")
      } catch let error as RecordingFile.Failure {
        throw LaneFailure(.ioError, "\(error)")
      }
    }
  }
}
