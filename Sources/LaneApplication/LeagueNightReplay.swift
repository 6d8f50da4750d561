import Foundation
import LaneBridge
import LaneConfiguration
import LaneSensing
import League
import Scoreboard
import SimulatedPinSensor
import WebServer

/// `lane simulate --league`: a league night on a pair replayed from the two lanes' traces,
/// its board printed at the end (or its JSON), the technician's warnings reported per lane;
/// with `--http` its boards then served to browsers until stopped.
public enum LeagueNightReplay {
  /// Replays `traces` (the left lane's, then the right's) for the night file at `night`,
  /// then serves the night's boards on `boards`, when given, until SIGINT, SIGTERM or
  /// SIGHUP (``StopSignal``).
  ///
  /// - Parameters:
  ///   - output: Takes the board's text or JSON, newline included.
  ///   - report: Takes each warning, one line, for standard error, and where the boards are
  ///     served.
  /// - Throws: ``LaneFailure``: the night file unreadable (66) or wrong (65), a trace
  ///   missing (66) or not a trace (65), the boards' address that cannot be bound (69), no
  ///   wake event for the stop (71).
  public static func run(
    night path: String, traces: [String], detector: ThrowDetector.Configuration, json: Bool,
    boards: HTTPAddress? = nil, output: (String) -> Void, report: (String) -> Void
  ) throws(LaneFailure) {
    let night: LeagueNight
    do {
      night = try LeagueNightFile.read(path: path)
    } catch {
      throw LaneFailure(error.isUnreadable ? .noInput : .dataError, "\(error)")
    }
    var play = LeaguePlay(night: night)
    let left = try open(traces[0])
    let right = try open(traces[1])
    let replay: LeagueReplay.Report
    do {
      replay = try LeagueReplay(detector: detector).run(left: left, right: right, into: &play)
    } catch let error as PairFeed<SimulatedPinSensor, SimulatedPinSensor>.SensorFailure {
      let trace = traces[error.lane == .left ? 0 : 1]
      throw LaneFailure(.dataError, "\(trace == "-" ? "standard input" : trace): \(error.error)")
    } catch {
      throw LaneFailure(.software, "\(error)")
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
    if let boards { try serve(board, on: boards, report: report) }
  }

  /// Serves `board` (`/league`, `/league/left`, `/league/right` and the desk at `/`) until
  /// a stop signal; the handler is installed before `report` is told where, so a stop sent
  /// as soon as the address is known is a clean one.
  private static func serve(
    _ board: LeagueBoard, on address: HTTPAddress, report: (String) -> Void
  ) throws(LaneFailure) {
    let stop = try StopSignal.wakeEvent()
    StopSignal.install(wake: stop)
    let server: RunningBoardServer
    do {
      server = try RunningBoardServer.start(BoardServer(hub: BoardHub(), address: address, league: board))
    } catch {
      throw LaneFailure(.unavailable, "\(error)")
    }
    defer { server.stop() }
    let url = server.url
    report(
      "serving the league boards on \(url)/league/left and \(url)/league/right (JSON: \(url)/league) until stopped")
    StopSignal.wait(on: stop)
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
