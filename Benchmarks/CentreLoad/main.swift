// Many lanes in one process, for the desk's benchmark at a centre's scale
// (scripts/centre-benchmark.py --in-process, docs/performance.md); not a test.
//
//   CentreLoad BROKER_URL FOLDER LANES SPEED REPEAT TRACE
//
// Runs LANES lanes as `lane simulate --broker URL --mqtt-credentials FOLDER/laneN.credentials
// --journal FOLDER/laneN.journal --speed SPEED` runs each (the same LaneRun: its own sensor,
// detector, journal, broker client and outbox), all in this process, so that a benchmark of
// the desk is not 200 processes sharing its cores. Each replays TRACE REPEAT times over, one
// game after another. Prints `laneN` on a line of its own when lane N has journalled a throw,
// as `lane simulate --log` prints the throw's line, and exits 1 if any lane failed.
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

/// `trace`'s readings `repeat` times over, each copy after the one before ends (5 s of
/// the trace's time between them).
func repeated(_ trace: String, _ count: Int) throws -> String {
  let lines = trace.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
  let times = lines.compactMap { Double($0.split(separator: " ")[0]) }
  let length = (times.max() ?? 0) + 5
  var copies: [String] = []
  for copy in 0..<count {
    for line in lines {
      let fields = line.split(separator: " ", maxSplits: 1)
      guard let time = Double(fields[0]), fields.count == 2 else { continue }
      copies.append(String(format: "%.6f ", time + Double(copy) * length) + fields[1])
    }
  }
  return copies.joined(separator: "\n") + "\n"
}

let arguments = CommandLine.arguments
guard arguments.count == 7, let lanes = Int(arguments[3]), let speed = Double(arguments[4]),
  let copies = Int(arguments[5])
else {
  FileHandle.standardError.write(Data("usage: CentreLoad BROKER_URL FOLDER LANES SPEED REPEAT TRACE\n".utf8))
  exit(64)
}
let (url, folder) = (arguments[1], arguments[2])
let trace = folder + "/load.trace"
try repeated(String(contentsOfFile: arguments[6], encoding: .utf8), copies)
  .write(toFile: trace, atomically: false, encoding: .utf8)
var logger = Logger(label: "centre-load")
logger.logLevel = .warning

let failures = try await withThrowingTaskGroup(of: String?.self) { group in
  for number in 1...lanes {
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
