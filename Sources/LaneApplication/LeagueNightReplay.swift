import Foundation
import LaneBridge
import LaneConfiguration
import LaneSensing
import League
import Scoreboard
import SimulatedPinSensor

/// `lane simulate --league`: a league night on a pair replayed from the two lanes' traces,
/// its board printed at the end (or its JSON), the technician's warnings reported per lane.
public enum LeagueNightReplay {
  /// Replays `traces` (the left lane's, then the right's) for the night file at `night`.
  ///
  /// - Parameters:
  ///   - output: Takes the board's text or JSON, newline included.
  ///   - report: Takes each warning, one line, for standard error.
  /// - Throws: ``LaneFailure``: the night file unreadable (66) or wrong (65), a trace
  ///   missing (66) or not a trace (65).
  public static func run(
    night path: String, traces: [String], detector: ThrowDetector.Configuration, json: Bool,
    output: (String) -> Void, report: (String) -> Void
  ) throws(LaneFailure) {
    let night: LeagueNight
    do {
      night = try LeagueNightFile.read(path: path)
    } catch {
      throw LaneFailure(error.isUnreadable ? .noInput : .dataError, "\(error)")
    }
    var play = LeaguePlay(night: night)
    var left = try open(traces[0])
    var right = try open(traces[1])
    let replay: LeagueReplay.Report
    do {
      replay = try LeagueReplay(detector: detector).run(left: &left, right: &right, into: &play)
    } catch {
      let trace = traces[error.lane == .left ? 0 : 1]
      throw LaneFailure(.dataError, "\(trace == "-" ? "standard input" : trace): \(error.error)")
    }
    for warning in replay.warnings { report("\(warning.lane) lane: \(warning.warning)") }
    for (lane, count) in replay.afterTheNight.sorted(by: { $0.key < $1.key }) {
      report(
        "\(lane) lane: \(count) \(count == 1 ? "throw" : "throws") after the night's last turn there, not scored")
    }
    let board = LeagueBoard(play)
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      // A board of strings, numbers and booleans always encodes.
      output(String(decoding: (try? encoder.encode(board)) ?? Data(), as: UTF8.self) + "\n")
    } else {
      output(LeagueScoreboard().render(board) + "\n")
    }
  }

  private static func open(_ trace: String) throws(LaneFailure) -> SimulatedPinSensor {
    if trace == "-" { return .standardInput(stopDescriptor: -1) }
    do {
      return try SimulatedPinSensor(contentsOf: trace)
    } catch {
      throw LaneFailure(.noInput, "\(error)")
    }
  }
}
