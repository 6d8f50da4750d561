import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

import TestSupport

/// A `lane run` process on the rig's chips, its output lines stamped on the monotonic clock as
/// they arrive (E in docs/gpio-sim.md), stopped with SIGTERM as a service manager does.
final class RunningLane: @unchecked Sendable {
  /// One line `lane run` printed, and when it arrived.
  struct Line: Sendable {
    let arrived: Double
    let text: String
  }

  /// How `lane run` ended when stopped.
  struct Stop {
    let status: Int32
    let standardError: String
    let linesStillHeld: Int
  }

  private let process: ChildProcess
  private let errorPath: String
  /// The lines read so far, shared with the reading thread.
  private final class LineLog: Sendable {
    let lines = Mutex<[Line]>([])
  }

  private let log = LineLog()
  private let readerDone = DispatchSemaphore(value: 0)

  /// Starts `lane run --json --wiring WIRING` and waits until it holds its 13 lines.
  convenience init(wiring: String, chip: GPIOSim, scratch: ScratchFolder) throws {
    try self.init(["run", "--json", "--wiring", wiring], scratch: scratch, holding: "its 13 lines") {
      try Rig.linesHeld(by: "lane run", on: chip) == 13
    }
  }

  /// Starts `lane` with `arguments` and waits up to 120 s until `isReady` (it holds `lines`).
  init(
    _ arguments: [String], scratch: ScratchFolder, holding lines: String, isReady: () throws -> Bool
  ) throws {
    errorPath = scratch.file("run.err")
    process = try ChildProcess(
      try Rig.lane, arguments, output: .pipe(.outOfChild), error: .file(errorPath),
      environment: Rig.environment)
    let output = process.standardOutput!
    let log = self.log
    let done = readerDone
    let reader = Thread {
      // Every line of a read is stamped with the instant the read returned.
      try? output.readLines { lines in
        let arrived = Rig.monotonicSeconds()
        log.lines.withLock { $0 += lines.map { Line(arrived: arrived, text: $0) } }
      }
      done.signal()
    }
    reader.start()
    let process = self.process
    let ready = try Rig.wait(seconds: 120) {
      guard process.isRunning else { return true }
      return try isReady()
    }
    guard ready, process.isRunning else {
      let status = process.stop(signal: SIGKILL)
      throw Command.Failure(
        description: "lane \(arguments.joined(separator: " ")) did not hold \(lines) within 120 s"
          + " (status \(status)): \(standardError)")
    }
  }

  var pid: Int32 { process.pid }
  var standardError: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }
  var output: [Line] { log.lines.withLock { $0 } }

  /// The JSON objects printed so far whose `event` is `event`, with their arrival times.
  func events(_ event: String) -> [(arrived: Double, object: [String: Any])] {
    output.compactMap { line in
      guard let data = line.text.data(using: .utf8),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        object["event"] as? String == event
      else { return nil }
      return (line.arrived, object)
    }
  }

  /// Sends SIGTERM and waits up to 10 s for the exit (SIGKILL after), then reads what it left.
  func stop(chip: GPIOSim) throws -> Stop {
    try stop { try Rig.linesHeld(by: "lane run", on: chip) }
  }

  /// Sends SIGTERM and waits up to 10 s for the exit (SIGKILL after) and for the last of its
  /// output, then counts the lines it left held with `linesHeld`.
  func stop(linesHeld: () throws -> Int) throws -> Stop {
    let status = process.stop(signal: SIGTERM, within: .seconds(10))
    _ = readerDone.wait(timeout: .now() + 10)
    return Stop(status: status, standardError: standardError, linesStillHeld: try linesHeld())
  }
}
