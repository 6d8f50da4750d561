import League
import Wiring

extension LeagueNightFile {
  /// The night file that reads back as `night` (``parse(text:file:)``): `[league]` with every
  /// setting written out, so a league secretary sees the rules the night is played by, then
  /// each `[[teams]]` with its bowlers, after `heading`'s lines as comments.
  public static func text(of night: LeagueNight, heading: [String] = []) -> String {
    let settings = night.settings
    var lines = heading.map { "# " + $0 }
    if !lines.isEmpty { lines.append("") }
    lines += [
      "[league]",
      "name = \(Wiring.quoted(settings.name))",
      "games = \(settings.games)",
      "handicap_basis = \(settings.handicapBasis)",
      "handicap_percentage = \(settings.handicapPercentage)",
    ]
    if let maximum = settings.handicapMax { lines.append("handicap_max = \(maximum)") }
    lines += [
      "handicap_allow_negative = \(settings.handicapAllowNegative)",
      "absentee_offset = \(settings.absenteeOffset)",
    ]
    if let score = settings.vacancyScore { lines.append("vacancy_score = \(score)") }
    lines += [
      "points_per_game = \(settings.pointsPerGame)",
      "points_per_series = \(settings.pointsPerSeries)",
      "late_arrival = \(Wiring.quoted(settings.lateArrival.rawValue))",
      "late_until_frame = \(settings.lateUntilFrame)",
    ]
    for team in night.teams {
      let bowlers = team.lineup.map { slot in
        guard let bowler = slot.bowler else { return "{ vacancy = true }" }
        var fields = ["name = \(Wiring.quoted(bowler.name))", "average = \(bowler.average)"]
        if bowler.isAbsent { fields.append("absent = true") }
        if bowler.isLate { fields.append("late = true") }
        return "{ " + fields.joined(separator: ", ") + " }"
      }
      lines += [
        "",
        "[[teams]]",
        "name = \(Wiring.quoted(team.name))",
        "start_lane = \(Wiring.quoted(team.startLane.rawValue))",
        "bowlers = [",
      ]
      lines += bowlers.map { "  \($0)," }
      lines.append("]")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
