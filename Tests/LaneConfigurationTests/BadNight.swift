import Testing

/// A night file with mistakes and the problems it must produce, in the file's order.
struct BadNight: Sendable, CustomTestStringConvertible {
  let name: String
  let text: String
  let keys: [String]
  let lines: [Int?]
  /// Words the first problem's message holds.
  let message: String

  var testDescription: String { name }

  /// ``LeagueNightFileTests/base`` with `old` replaced by `new`.
  init(_ name: String, _ old: String, _ new: String, keys: [String], lines: [Int?], message: String) {
    let base = LeagueNightFileTests.base
    precondition(base.contains(old), "\(old) is not in the base night")
    self.name = name
    self.text = base.replacingOccurrences(of: old, with: new)
    self.keys = keys
    self.lines = lines
    self.message = message
  }

  static let all: [BadNight] = [
    BadNight(
      "a misspelt league setting (so the vacancy has no score)",
      "vacancy_score = 120", "vacancy_scor = 120",
      keys: ["league.vacancy_scor", "teams[2].bowlers[3]"], lines: [6, 16],
      message: "unknown key; [league] has name, games, handicap_basis"),
    BadNight(
      "an unknown key in a team", "start_lane = \"left\"", "start_lane = \"left\"\ncaptain = \"Ana\"",
      keys: ["teams[1].captain"], lines: [11], message: "unknown key; a [[teams]] table has name, start_lane, bowlers"),
    BadNight(
      "an unknown key in a bowler", "average = 172 }", "average = 172, avg = 170 }",
      keys: ["teams[1].bowlers[1].avg"], lines: [11], message: "unknown key; a bowler"),
    BadNight(
      "an unknown table at the top", "[league]", "[leauge]\nx = 1\n[league]",
      keys: ["leauge"], lines: [1], message: "unknown key; a league night file has [league], [[teams]]"),
    BadNight(
      "no games", "games = 3\n", "",
      keys: ["league.games"], lines: [1], message: "missing; give the games each bowler bowls"),
    BadNight(
      "no league name", "name = \"Tuesday Mixed\"\n", "",
      keys: ["league.name"], lines: [1], message: "missing; name the league"),
    BadNight(
      "no [league] at all",
      "[league]\nname = \"Tuesday Mixed\"\ngames = 3\nhandicap_basis = 220\nhandicap_percentage = 90\nvacancy_score = 120\n",
      "",
      keys: ["league"], lines: [nil], message: "missing; add a [league] table"),
    BadNight(
      "a bowler with no name", "{ name = \"Ana\", average = 172 }", "{ average = 172 }",
      keys: ["teams[1].bowlers[1].name"], lines: [11], message: "missing; name the bowler"),
    BadNight(
      "a bowler with no average", "{ name = \"Cy\", average = 188 }", "{ name = \"Cy\" }",
      keys: ["teams[2].bowlers[1].average"], lines: [16], message: "missing; give the bowler's league average"),
    BadNight(
      "a team with no start lane", "start_lane = \"right\"\n", "",
      keys: ["teams[2].start_lane"], lines: [13], message: "missing; give the lane the team bowls frame 1 on"),
    BadNight(
      "a bowler twice in a team", "name = \"Ben\"", "name = \"Ana\"",
      keys: ["teams[1].bowlers[2]"], lines: [11], message: "\"Ana\" is on this team twice"),
    BadNight(
      "a handicap percentage of 101", "handicap_percentage = 90", "handicap_percentage = 101",
      keys: ["league.handicap_percentage"], lines: [5], message: "must be 0 to 100"),
    BadNight(
      "an average of 301", "average = 188", "average = 301",
      keys: ["teams[2].bowlers[1]"], lines: [16], message: "an average must be 0 to 300"),
    BadNight(
      "an average below zero", "average = 141", "average = -1",
      keys: ["teams[1].bowlers[2]"], lines: [11], message: "an average must be 0 to 300"),
    BadNight(
      "no games at all tonight", "games = 3", "games = 0",
      keys: ["league.games"], lines: [3], message: "must be 1 to 5"),
    BadNight(
      "a third team", "late = true }, { vacancy = true } ]\n",
      "late = true }, { vacancy = true } ]\n\n[[teams]]\nname = \"Spare Parts\"\nstart_lane = \"left\"\n"
        + "bowlers = [ { name = \"Ed\", average = 120 } ]\n",
      keys: ["teams"], lines: [18], message: "a pair holds two teams; found 3"),
    BadNight(
      "one team", "\n[[teams]]\nname = \"Gutter Kings\"", "\n[[notteams]]\nname = \"Gutter Kings\"",
      keys: ["teams", "notteams"], lines: [8, 13], message: "a pair holds two teams; found 1"),
    BadNight(
      "both teams starting on the left", "start_lane = \"right\"", "start_lane = \"left\"",
      keys: ["teams[2].start_lane"], lines: [15], message: "the teams start on different lanes"),
    BadNight(
      "a start lane that is neither", "start_lane = \"left\"", "start_lane = \"middle\"",
      keys: ["teams[1].start_lane"], lines: [10], message: "\"middle\" is not a lane of the pair"),
    BadNight(
      "a vacancy without a vacancy score", "vacancy_score = 120\n", "",
      keys: ["teams[2].bowlers[3]"], lines: [15], message: "a vacancy needs the league's vacancy_score"),
    BadNight(
      "a vacancy with a name", "{ vacancy = true }", "{ vacancy = true, name = \"Ed\" }",
      keys: ["teams[2].bowlers[3].name"], lines: [16], message: "a vacancy has no other key"),
    BadNight(
      "a late arrival rule that is neither", "vacancy_score = 120", "vacancy_score = 120\nlate_arrival = \"sometimes\"",
      keys: ["league.late_arrival"], lines: [7], message: "\"sometimes\" is not a rule for late bowlers; use \"start\""),
    BadNight(
      "games in quotes", "games = 3", "games = \"3\"",
      keys: ["league.games"], lines: [3], message: "expected a whole number, found the string \"3\""),
    BadNight(
      "an average with a fraction", "average = 172", "average = 172.5",
      keys: ["teams[1].bowlers[1].average"], lines: [11], message: "expected a whole number, found the number 172.5"),
    BadNight(
      "absent as a word", "absent = true", "absent = \"yes\"",
      keys: ["teams[1].bowlers[2].absent"], lines: [11], message: "expected true or false"),
    BadNight(
      "a start lane as a number", "start_lane = \"left\"", "start_lane = 1",
      keys: ["teams[1].start_lane"], lines: [10], message: "expected a string in quotes, found the number 1"),
    BadNight(
      "bowlers as one string", "bowlers = [ { name = \"Ana\", average = 172 }, { name = \"Ben\", average = 141, absent = true } ]",
      "bowlers = \"Ana, Ben\"",
      keys: ["teams[1].bowlers"], lines: [11], message: "expected a list of bowlers"),
    BadNight(
      "a bowler as a bare name", "{ name = \"Cy\", average = 188 }", "\"Cy\"",
      keys: ["teams[2].bowlers[1]"], lines: [16], message: "expected a bowler, { name = \"Ana\", average = 172 }, or a vacancy"),
    BadNight(
      "a team with no bowlers", "bowlers = [ { name = \"Ana\", average = 172 }, { name = \"Ben\", average = 141, absent = true } ]",
      "bowlers = []",
      keys: ["teams[1].bowlers"], lines: [11], message: "a lineup holds 1 to 5 places; found 0"),
    BadNight(
      "a bowler's name with a terminal escape", "name = \"Ana\"", "name = \"Ana\\u001B[2J\"",
      keys: ["teams[1].bowlers[1].name"], lines: [11], message: "a name cannot hold control characters"),
    BadNight(
      "a team's name with a comma", "name = \"Pin Pals\"", "name = \"Pins, Pals\"",
      keys: ["teams[1].name"], lines: [9], message: "a name cannot hold a comma: \"Pins, Pals\""),
    BadNight(
      "a league name of 101 characters", "name = \"Tuesday Mixed\"", "name = \"\(String(repeating: "T", count: 101))\"",
      keys: ["league.name"], lines: [2], message: "is longer than 100 characters"),
    BadNight(
      "two teams of one name", "name = \"Gutter Kings\"", "name = \"Pin Pals\"",
      keys: ["teams[2].name"], lines: [14], message: "both teams are called \"Pin Pals\""),
    BadNight(
      "a key given twice", "games = 3", "games = 3\ngames = 4",
      keys: [""], lines: [4], message: "not valid TOML"),
    BadNight(
      "a table header with no name", "[league]", "[!]",
      keys: [""], lines: [1], message: "a table header needs a name"),
  ]
}
