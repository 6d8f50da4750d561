import Bowling
import Centre
import LaneBridge

/// The centre link as one of the lane's displays: each event goes to the lane's own display
/// first, then to the ``LaneLink`` (which publishes the journal's records, the board and
/// faults). Handing over never waits for the broker.
public struct CentreLinkDisplay: LaneDisplay {
  /// The lane's own display (the console board, the log, JSON lines, the report).
  public var local: any LaneDisplay
  public let link: AsyncStream<LaneLink.Input>.Continuation

  public init(local: any LaneDisplay, link: AsyncStream<LaneLink.Input>.Continuation) {
    self.local = local
    self.link = link
  }

  public mutating func show(_ event: LaneEvent, in session: LaneSession) throws {
    try local.show(event, in: session)
    link.yield(.recorded(event.sequence))
    if case .scored(let scored) = event.kind { link.yield(.delivered(scored.detected)) }
    switch event.kind {
    case .scored, .corrected, .status(.running), .sessionStarted:
      link.yield(.board(Self.board(of: session), seq: event.sequence))
    case .warning(let warning):
      link.yield(.fault("\(warning)"))
    default:
      break
    }
  }

  /// The board's `games`: per bowler, the current game's number, frame, total and whether
  /// it is complete, and the totals of the games before.
  public static func board(of session: LaneSession) -> JSONValue {
    .array(
      session.series.enumerated().map { index, series in
        let game = series.current
        return .object([
          "bowler": .string(session.bowlers[index]),
          "game": .number(Double(series.gameCount)),
          "frame": .number(Double(game.nextBall?.frame ?? 10)),
          "total": .number(Double(game.total)),
          "complete": .bool(game.isComplete),
          "earlier": .array(
            (series.earlier.map(\.total) + series.games.dropLast().map(\.total))
              .map { .number(Double($0)) }),
        ])
      })
  }
}
