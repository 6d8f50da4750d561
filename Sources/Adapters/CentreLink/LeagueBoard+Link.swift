import Centre
import League

extension LeagueBoard {
  /// The board's `games` as a lane of the pair publishes them: every bowler of both teams,
  /// in lineup order, with their team and their current game as a lane's board has it (the
  /// game's number, the frame they are at, the scratch total, whether it is complete and
  /// an absentee's, the earlier games' totals), so a desk that shows a lane's board shows a
  /// pair's.
  public var linkGames: JSONValue {
    .array(
      teams.flatMap { team in
        team.bowlers.map { bowler -> JSONValue in
          let current = bowler.games.first { !$0.complete } ?? bowler.games.last
          let earlier = bowler.games.prefix { $0.game < (current?.game ?? 1) }
          return .object([
            "bowler": .string(bowler.name),
            "team": .string(team.name),
            "game": .number(Double(current?.game ?? 1)),
            "frame": .number(Double(current.map(\.frameAt) ?? 1)),
            "total": .number(Double(current?.total ?? 0)),
            "complete": .bool(current?.complete ?? false),
            "absent": .bool(current?.absent ?? false),
            "earlier": .array(earlier.map { .number(Double($0.total)) }),
          ])
        }
      })
  }
}

extension LeagueBoard.BowlerGame {
  /// The frame the game is at: the one being bowled, else the next (10 once the game is
  /// complete, 1 before its first ball).
  var frameAt: Int {
    guard !complete else { return 10 }
    guard let last = frames.last(where: { !$0.rolls.isEmpty || $0.missed }) else { return 1 }
    let finished = last.missed || last.marks.contains("X") || last.marks.count >= 2
    return min(10, finished ? last.number + 1 : last.number)
  }
}
