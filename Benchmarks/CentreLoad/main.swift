// Many lanes in one process, for the desk's benchmark at a centre's scale
// (scripts/centre-benchmark.py --in-process, docs/performance.md); not a test.
//
//   CentreLoad BROKER_URL FOLDER FIRST LAST SPEED THROWS
//
// Runs lanes FIRST to LAST as `lane simulate --broker URL --mqtt-credentials
// FOLDER/laneN.credentials --journal FOLDER/laneN.journal --speed SPEED` runs each (the same
// LaneRun: its own sensor, detector, journal, broker client and outbox), all in this
// process, so that a benchmark of the desk is not 200 processes sharing its cores. Each
// bowls THROWS strikes, one every 14 s of the trace's time, on a clean trace (five readings
// a throw: the bundled traces' sixty readings of chatter would make the lanes' pacing, not
// the desk, the load). Prints `laneN` on a line of its own when lane N has journalled a
// throw, as `lane simulate --log` prints the throw's line, and exits 1 if any lane failed.
//
// About ten descriptors a lane: libmosquitto's loop (select) refuses a socket numbered
// 1024 or more, so keep a process to 50 lanes or so.
import Bowling
import Foundation
import LaneBridge
import LaneRuntime
import LaneSensing
import Logging
import POSIX
import SimulatedPinSensor
import Synchronization
import CentreLink

/// Prints a lane's name when it journalled a throw: the loop shows a throw once it is
/// journalled.
final class ThrowLines: LaneDisplay, @unchecked Sendable {
  let line: Data

  init(lane: String) { line = Data((lane + "\n").utf8) }

  func show(_ event: LaneEvent, in session: LaneSession) throws {
    // One write of a short line: whole, whatever the other lanes write beside it.
    if case .scored = event.kind { FileHandle.standardOutput.write(line) }
  }
}

/// Seconds of the trace's time from one throw to the next.
let throwInterval = 14.0

/// A trace of `count` strikes, each a ball, the deck empty, the pinsetter's cycle and a
/// full rack again.
func strikes(_ count: Int) -> String {
  var lines = ["0.000000 pins 1111111111"]
  for number in 0..<count {
    let start = 2 + Double(number) * throwInterval
    for (offset, reading) in [(0, "ball"), (0.3, "pins 0000000000"), (6.5, "cycle on"), (10, "pins 1111111111"), (12, "cycle off")] {
      lines.append(String(format: "%.6f ", start + offset) + reading)
    }
  }
  return lines.joined(separator: "\n") + "\n"
}

let arguments = CommandLine.arguments
guard arguments.count == 7, let first = Int(arguments[3]), let last = Int(arguments[4]), first <= last,
  let speed = Double(arguments[5]), let throwCount = Int(arguments[6])
else {
  FileHandle.standardError.write(Data("usage: CentreLoad BROKER_URL FOLDER FIRST LAST SPEED THROWS\n".utf8))
  exit(64)
}
let (url, folder) = (arguments[1], arguments[2])
let trace = folder + "/load\(first).trace"
try strikes(throwCount).write(toFile: trace, atomically: false, encoding: .utf8)
var logger = Logger(label: "centre-load")
logger.logLevel = .warning

let failures = try await withThrowingTaskGroup(of: String?.self) { group in
  for number in first...last {
    let lane = "lane\(number)"
    let run = LaneRun(
      settings: LaneAssembly.Settings(
        journal: "\(folder)/\(lane).journal", bowlers: nil, lane: lane,
        broker: try BrokerSettings(url: url, credentialsFile: "\(folder)/\(lane).credentials", caFile: nil),
        boards: nil, boardsLane: lane),
      runner: LaneRunner(detector: ThrowDetector.Configuration(), idleTimeout: .seconds(1)),
      local: ThrowLines(lane: lane), pace: speed)
    group.addTask {
      do {
        let sensor = try SimulatedPinSensor(contentsOf: trace)
        _ = try await run.runServices(sensor, stop: StopRequest(wake: try WakeEvent()), logger: logger)
        return nil
      } catch {
        return "\(lane): \(error)"
      }
    }
  }
  var failures: [String] = []
  for try await failure in group { if let failure { failures.append(failure) } }
  return failures
}
for failure in failures { FileHandle.standardError.write(Data("\(failure)\n".utf8)) }
exit(failures.isEmpty ? 0 : 1)
