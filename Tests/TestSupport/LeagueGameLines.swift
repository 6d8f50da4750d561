/// A league night's games as comparable lines, `TEAM NAME GAME KIND TOTAL HANDICAP ROLLS`:
/// from `lane records games --json` and from `lane simulate --league --json`'s report, so a
/// test can check the store folded each place's game as the pair scored it.
public enum LeagueGameLines {
  /// The lines of `lane records games --json`'s objects.
  public static func stored(_ games: [[String: Any]]) -> [String] {
    games.map { game in
      let league = game["league"] as? [String: Any] ?? [:]
      return "\(league["team"] ?? "") \(game["bowler"] ?? "") \(game["game"] ?? "") \(league["kind"] ?? "") "
        + "\(game["total"] ?? "") \(league["handicap"] ?? "") \(rolls(game))"
    }
  }

  /// The lines of `lane simulate --league --json`'s last object, the night's report.
  public static func simulated(_ report: [String: Any]) -> [String] {
    (report["teams"] as? [[String: Any]] ?? []).flatMap { team in
      (team["bowlers"] as? [[String: Any]] ?? []).flatMap { bowler in
        (bowler["games"] as? [[String: Any]] ?? []).map { game in
          let kind = game["vacancy"] as? Bool == true ? "vacancy" : game["absent"] as? Bool == true ? "absentee" : "bowled"
          let name = kind == "vacancy" ? "" : bowler["name"] ?? ""
          return "\(team["name"] ?? "") \(name) \(game["game"] ?? "") \(kind) \(game["total"] ?? "") "
            + "\(game["handicap"] ?? "") \(rolls(game))"
        }
      }
    }
  }

  private static func rolls(_ game: [String: Any]) -> String {
    "\((game["frames"] as? [[String: Any]] ?? []).map { $0["rolls"] as? [Int] ?? [] })"
  }
}
