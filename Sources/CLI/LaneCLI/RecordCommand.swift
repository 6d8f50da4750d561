import Foundation
import GPIOPinSensor
import LaneBridge
import LaneRuntime
import POSIX

/// `lane record`: the lane's raw sensor events written as a trace until a stop, to a file
/// (replaced whole at the end with `--force`) or standard output.
public struct RecordCommand {
  public var wiring: WiringOptions
  /// `--out`, the trace file; standard output without it.
  public var out: String?
  /// `--force`: replace an existing `out`.
  public var force: Bool

  public init(wiring: WiringOptions, out: String?, force: Bool) {
    self.wiring = wiring
    self.out = out
    self.force = force
  }

  /// Records until a stop signal and prints how many events were written (and lost).
  ///
  /// - Throws: ``LaneFailure``: the wiring's and the chip's, before any file is created;
  ///   73 when `out` cannot be created; a recording's failure.
  public func run() async throws {
    let stop = StopRequest(wake: try WakeEvent.made())
    // The wiring is checked and the chip opened first: a mistake there creates no file.
    let hardware = try wiring.openHardware(consumer: Report.command, wake: stop.wake)
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
      "wiring: \(wiring.wiring ?? "") (chip \(hardware.wiring.chipName))",
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
