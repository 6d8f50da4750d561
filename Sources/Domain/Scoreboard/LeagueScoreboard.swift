import League

/// Renders a league night's board as plain text: per game, each team's bowlers with their
/// marks and running totals across both lanes, scratch, handicap and total, the team's line
/// with its points, and who is up on each lane.
public struct LeagueScoreboard: Sendable {
  public init() {}

  static let nameWidth = 18
  static let frameWidth = 5
  static let tenthWidth = 8
  static let numberWidth = 5

  /// The whole night: every game, then the series and who is up.
  public func render(_ board: LeagueBoard) -> String {
    var lines = ["\(board.league): \(board.games) \(board.games == 1 ? "game" : "games")"]
    for game in 1...board.games {
      lines.append("")
      lines += render(board, game: game)
    }
    lines.append("")
    lines.append("Series: " + board.teams.map { team in
      "\(team.name) \(team.series.scratch) + \(team.series.handicap) = \(team.series.total)"
        + (team.series.points.map { " (\(Self.points($0)) points)" } ?? "")
    }.joined(separator: "; "))
    lines += board.up.map { up in
      "Up on the \(up.lane) lane: \(up.bowler) (\(up.team)), game \(up.game) frame \(up.frame)"
    }
    if board.complete { lines.append("The night is complete.") }
    return lines.joined(separator: "\n")
  }

  /// One game's sheet: a header of frame numbers, then each team.
  public func render(_ board: LeagueBoard, game: Int) -> [String] {
    let numbers = (1...10).map { Self.centred(String($0), width: $0 == 10 ? Self.tenthWidth : Self.frameWidth) }
    var lines = [
      Self.padded("Game \(game)", Self.nameWidth) + numbers.joined()
        + ["Scr", "Hcp", "Tot"].map { Self.right($0, Self.numberWidth) }.joined()
    ]
    for team in board.teams {
      for bowler in team.bowlers {
        guard let played = bowler.games.first(where: { $0.game == game }) else { continue }
        lines += rows(bowler.name, played)
      }
      let score = team.games[game - 1]
      lines.append(
        Self.padded("  \(team.name)", Self.nameWidth + 9 * Self.frameWidth + Self.tenthWidth)
          + [score.scratch, score.handicap, score.total].map { Self.right(String($0), Self.numberWidth) }.joined()
          + (score.points.map { "  \(Self.points($0)) \($0 == 1 ? "point" : "points")" } ?? ""))
    }
    return lines
  }

  /// A bowler's marks line and running-totals line.
  private func rows(_ name: String, _ game: LeagueBoard.BowlerGame) -> [String] {
    var label = name
    if game.absent { label += " (absent)" } else if game.partial { label += " (part)" }
    var marks = Self.padded("  \(label)", Self.nameWidth)
    var totals = String(repeating: " ", count: Self.nameWidth)
    for number in 1...10 {
      let width = number == 10 ? Self.tenthWidth : Self.frameWidth
      let frame = game.frames.first { $0.number == number }
      let symbols = frame.map { $0.missed ? ["·", "·"] : $0.marks } ?? []
      marks += Self.padded(" " + symbols.joined(separator: " "), width)
      totals += Self.padded(" " + (frame?.cumulative.map(String.init) ?? (frame == nil ? "" : "?")), width)
    }
    let score = game.total
    marks += [score, game.handicap, score + game.handicap].map { Self.right(String($0), Self.numberWidth) }.joined()
    if let provisional = game.provisional { marks += "  provisional: \(provisional)" }
    return game.absent || game.vacancy ? [marks] : [marks, totals]
  }

  /// A team's points as boards and pages show them: whole ones without a fraction (`7`,
  /// `7.5`).
  public static func points(_ points: Double) -> String {
    points == points.rounded() ? String(Int(points)) : String(points)
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? String(text.prefix(width - 1)) + " " : text + String(repeating: " ", count: width - text.count)
  }

  private static func right(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  private static func centred(_ text: String, width: Int) -> String {
    let left = (width - text.count) / 2
    return String(repeating: " ", count: left) + text + String(repeating: " ", count: width - left - text.count)
  }
}
