import Centre
import LaneBridge
import League

/// The centre link of a pair bowling a league night, as one of the pair's displays: each
/// event goes to the pair's own display first, then to both lanes' ``LaneLink``s, since
/// both publish the whole night (``Payload/Pair``). Each lane's board names every bowler of
/// both teams; a warning, and a delivery for the health monitor, go to the link of the lane
/// they are about. Handing over never waits for the broker.
public struct PairLinkDisplay<Local: PairDisplay>: PairDisplay {
  public var local: Local
  /// The left lane's link's inputs, then the right's.
  public let links: (left: AsyncStream<LaneLink.Input>.Continuation, right: AsyncStream<LaneLink.Input>.Continuation)

  public init(
    local: Local,
    links: (left: AsyncStream<LaneLink.Input>.Continuation, right: AsyncStream<LaneLink.Input>.Continuation)
  ) {
    self.local = local
    self.links = links
  }

  public mutating func show(_ event: PairEvent, in play: LeaguePlay) throws {
    try local.show(event, in: play)
    let both = [links.left, links.right]
    func link(_ lane: PairSide) -> AsyncStream<LaneLink.Input>.Continuation { lane == .left ? links.left : links.right }
    for link in both { link.yield(.recorded(event.sequence)) }
    if case .delivered(let lane, _, let detected) = event.kind { link(lane).yield(.delivered(detected)) }
    switch event.kind {
    case .delivered, .corrected, .status(.running):
      let games = Self.board(of: LeagueBoard(play))
      for link in both { link.yield(.board(games, seq: event.sequence)) }
    case .warning(let lane, let warning):
      link(lane).yield(.fault("\(warning)"))
    default:
      break
    }
  }

  /// The board's `games` on a league night: every bowler of both teams, in lineup order,
  /// with their team and their current game as a lane's board has it (the game's number,
  /// the next frame, the scratch total, whether it is complete, the earlier games' totals),
  /// so a desk that shows a lane's board shows a pair's.
  public static func board(of board: LeagueBoard) -> JSONValue {
    .array(
      board.teams.flatMap { team in
        team.bowlers.map { bowler -> JSONValue in
          let current = bowler.games.first { !$0.complete } ?? bowler.games.last
          let earlier = bowler.games.prefix { $0.game < (current?.game ?? 1) }
          return .object([
            "bowler": .string(bowler.name),
            "team": .string(team.name),
            "game": .number(Double(current?.game ?? 1)),
            "frame": .number(Double(current.map(Self.frame(of:)) ?? 1)),
            "total": .number(Double(current?.total ?? 0)),
            "complete": .bool(current?.complete ?? false),
            "absent": .bool(current?.absent ?? false),
            "earlier": .array(earlier.map { .number(Double($0.total)) }),
          ])
        }
      })
  }

  /// The frame a bowler's game is at: the one being bowled, else the next (10 once the game
  /// is complete, 1 before its first ball).
  static func frame(of game: LeagueBoard.BowlerGame) -> Int {
    guard !game.complete else { return 10 }
    guard let last = game.frames.last(where: { !$0.rolls.isEmpty || $0.missed }) else { return 1 }
    let finished = last.missed || last.marks.contains("X") || last.marks.count >= 2
    return min(10, finished ? last.number + 1 : last.number)
  }
}
