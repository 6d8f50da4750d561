import Foundation
import Synchronization

import TestSupport

/// The rig's short league night on a pair (`Hardware/traces/league/rig-pair.toml` and its two
/// traces), the traces' idle gaps shortened for a replay in real time, and what
/// `lane simulate --league` makes of it: what the live pair is compared with.
struct PairNight {
  /// One lane's journalled deliveries as a log prints them, in order, without the record and
  /// delivery numbers (they count both lanes', so they follow the order the two lanes'
  /// deliveries ended in, which the pair's scoring does not depend on).
  struct Deliveries: Equatable, CustomStringConvertible {
    var left: [String] = []
    var right: [String] = []

    var count: Int { left.count + right.count }
    var description: String {
      "left: \(left.joined(separator: "; "))\nright: \(right.joined(separator: "; "))"
    }
  }

  /// What a league log printed: its deliveries, and every other line (the night's sheet).
  struct Log {
    let deliveries: Deliveries
    let sheet: String

    /// Parses `record N: left lane, delivery K: Ana, game 1 frame 3: 7` lines and the rest.
    init(_ lines: [String]) {
      var deliveries = Deliveries()
      var sheet: [String] = []
      for line in lines {
        guard line.hasPrefix("record "), let record = line.firstRange(of: ": ") else {
          sheet.append(line)
          continue
        }
        let rest = line[record.upperBound...]
        guard let lane = rest.firstRange(of: " lane, delivery "),
          let number = rest[lane.upperBound...].firstRange(of: ": ")
        else {
          sheet.append(line)
          continue
        }
        let delivery = String(rest[number.upperBound...])
        switch rest[..<lane.lowerBound] {
        case "left": deliveries.left.append(delivery)
        case "right": deliveries.right.append(delivery)
        default: sheet.append(line)
        }
      }
      self.deliveries = deliveries
      self.sheet = sheet.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
  }

  /// The detector's windows of both lanes' wirings, with which the traces are shortened
  /// and scored.
  static let windows = DetectorWindows(bounce: 0.03, settle: 3.0)

  /// The night file.
  static let night = Rig.clone.appendingPathComponent("Hardware/traces/league/rig-pair.toml").path

  /// The left lane's and the right lane's traces as drawn (hours of a real night's pauses).
  static let traces = ["left", "right"].map {
    Rig.clone.appendingPathComponent("Hardware/traces/league/rig-pair-\($0).trace").path
  }

  /// The left lane's and the right lane's traces, idle gaps shortened.
  let shortened: [String]
  /// How long each shortened trace lasts, in seconds, left then right.
  let lengths: [Double]
  /// `lane simulate --league --json` of the drawn traces and of the shortened ones.
  let originalJSON: String
  let shortenedJSON: String
  /// `lane simulate --league --log` of the shortened traces.
  let log: Log

  private static let made = Mutex<PairNight?>(nil)

  /// The night scored from its traces, made now unless made already in this test run.
  static func simulated() throws -> PairNight {
    if let night = made.withLock({ $0 }) { return night }
    let night = try PairNight()
    made.withLock { $0 = night }
    return night
  }

  /// Shortens the traces into `$GPIO_SIM_RESULTS/pair-night` (kept) and scores them.
  private init() throws {
    let folder = try ScratchFolder(keptAs: "pair-night")
    let lane = try Rig.lane
    let drive = try Rig.drive
    var shortened: [String] = []
    var lengths: [Double] = []
    for (trace, side) in zip(Self.traces, ["left", "right"]) {
      let compressed = try Command.run(drive, ["compress"] + Self.windows.arguments + [trace])
      try compressed.expectSuccess()
      let path = folder.file("\(side).trace")
      try compressed.standardOutput.write(toFile: path, atomically: true, encoding: .utf8)
      shortened.append(path)
      // `# PATH with idle gaps shortened ...`, then `SECONDS EVENT` lines from 0.
      let last = compressed.standardOutput.split(separator: "\n").last { !$0.hasPrefix("#") }
      lengths.append(last.flatMap { $0.split(separator: " ").first }.flatMap { Double($0) } ?? 0)
    }
    self.shortened = shortened
    self.lengths = lengths
    func simulate(_ traces: [String], _ output: String) throws -> String {
      let run = try Command.run(
        lane, ["simulate", "--league", Self.night, output] + Self.windows.arguments + traces)
      try run.expectSuccess()
      return run.standardOutput
    }
    originalJSON = try simulate(Self.traces, "--json")
    shortenedJSON = try simulate(shortened, "--json")
    log = Log(try simulate(shortened, "--log").components(separatedBy: "\n"))
    Rig.report(
      String(
        format: "pair night: %d deliveries on the left lane in %.1f s, %d on the right in %.1f s",
        log.deliveries.left.count, lengths[0], log.deliveries.right.count, lengths[1]),
      to: "pair-night.txt")
  }
}
