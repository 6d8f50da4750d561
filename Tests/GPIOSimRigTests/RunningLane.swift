import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

import TestSupport

/// A `lane run --json` process on the rig's chip, its output lines stamped on the monotonic
/// clock as they arrive (E in docs/gpio-sim.md), stopped with SIGTERM as a service manager does.
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
  init(wiring: String, chip: GPIOSim, scratch: ScratchFolder) throws {
    errorPath = scratch.file("run.err")
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      throw Command.Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
    }
    let (readEnd, writeEnd) = (ends[0], ends[1])
    do {
      process = try ChildProcess(
        try Rig.lane, ["run", "--json", "--wiring", wiring], output: .descriptor(writeEnd),
        error: .file(errorPath), closing: [readEnd])
    } catch {
      close(readEnd)
      close(writeEnd)
      throw error
    }
    close(writeEnd)
    let log = self.log
    let done = readerDone
    let reader = Thread {
      var pending: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(readEnd, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        let arrived = Rig.monotonicSeconds()
        pending.append(contentsOf: buffer[0..<count])
        while let newline = pending.firstIndex(of: 10) {
          let text = String(decoding: pending[..<newline], as: UTF8.self)
          pending.removeSubrange(...newline)
          log.lines.withLock { $0.append(Line(arrived: arrived, text: text)) }
        }
      }
      close(readEnd)
      done.signal()
    }
    reader.start()
    let process = self.process
    let ready = try Rig.wait(seconds: 120) {
      guard process.isRunning else { return true }
      return try Rig.linesHeld(by: "lane run", on: chip) == 13
    }
    guard ready, process.isRunning else {
      process.signal(SIGKILL)
      let status = process.wait()
      throw Command.Failure(
        description: "lane run did not hold its 13 lines within 120 s (status \(status)): \(standardError)")
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
    process.signal(SIGTERM)
    if process.wait(seconds: 10) == nil { process.signal(SIGKILL) }
    let status = process.wait()
    _ = readerDone.wait(timeout: .now() + 10)
    return Stop(
      status: status, standardError: standardError,
      linesStillHeld: try Rig.linesHeld(by: "lane run", on: chip))
  }
}
