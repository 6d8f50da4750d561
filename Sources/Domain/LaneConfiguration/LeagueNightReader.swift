import Bowling
import League
import TOMLKit
import Wiring

/// Turns a parsed league night file into a ``LeagueNight``, collecting every problem on the
/// way (the file's and the night's) so the league secretary sees them all at once.
///
/// A value that is missing or wrong stands in as one the night accepts, so that the
/// night's own checks run on the rest; what they say about a key already reported is left
/// out.
struct LeagueNightReader: TOMLValueReading {
  private let locator: KeyLocator
  private(set) var problems: [LeagueNightError.Problem] = []

  init(text: String) {
    locator = KeyLocator(text: text)
  }

  /// The night the file describes; meaningful only when ``problems`` is empty.
  mutating func night(from root: TOMLTable) -> LeagueNight {
    checkKeys(
      of: root, at: "", allowed: LeagueNightFile.topLevelKeys, in: "a league night file",
      listing: ["[league]", "[[teams]]"])
    let night = LeagueNight(settings: settings(root["league"]), teams: teams(root["teams"]))
    let reported = problems.map(\.key)
    for problem in night.problems {
      let isReported = reported.contains { key in
        key == problem.key || key.hasPrefix(problem.key + ".") || problem.key.hasPrefix(key + ".")
      }
      guard !isReported else { continue }
      // Too many teams: the first one too many is where to look.
      let place = problem.key == "teams" && night.teams.count > 2 ? "teams[3]" : problem.key
      report(problem.key, problem.message, locatedAt: place)
    }
    return night
  }

  // MARK: - Tables

  private mutating func settings(_ value: TOMLValueConvertible?) -> LeagueSettings {
    let placeholder = LeagueSettings(name: "", games: 1, handicapBasis: 0, handicapPercentage: 0)
    // Without the league's settings, a vacancy is not also blamed for wanting its score.
    var unread = placeholder
    unread.vacancyScore = 0
    guard let value else {
      report(
        "league",
        "missing; add a [league] table with name, games, handicap_basis and handicap_percentage")
      return unread
    }
    guard value.type == .table, let table = value.table else {
      report("league", "expected a table, [league], found \(WiringError.Problem.describe(value))")
      return unread
    }
    checkKeys(of: table, at: "league", allowed: LeagueNightFile.leagueKeys, in: "[league]")
    var settings = placeholder
    settings.name =
      name(required(table, "name", at: "league", "name the league, e.g. name = \"Tuesday Mixed\""),
        at: "league.name") ?? ""
    settings.games =
      int(required(table, "games", at: "league", "give the games each bowler bowls, e.g. games = 3"),
        at: "league.games") ?? placeholder.games
    settings.handicapBasis =
      int(
        required(
          table, "handicap_basis", at: "league",
          "give the score handicap is measured from, e.g. handicap_basis = 220"),
        at: "league.handicap_basis") ?? placeholder.handicapBasis
    settings.handicapPercentage =
      int(
        required(
          table, "handicap_percentage", at: "league",
          "give the share of the difference given as handicap, e.g. handicap_percentage = 90"),
        at: "league.handicap_percentage") ?? placeholder.handicapPercentage
    settings.handicapMax = int(table["handicap_max"], at: "league.handicap_max")
    settings.handicapAllowNegative =
      bool(table["handicap_allow_negative"], at: "league.handicap_allow_negative")
      ?? placeholder.handicapAllowNegative
    settings.absenteeOffset =
      int(table["absentee_offset"], at: "league.absentee_offset") ?? placeholder.absenteeOffset
    settings.vacancyScore = int(table["vacancy_score"], at: "league.vacancy_score")
    settings.pointsPerGame =
      int(table["points_per_game"], at: "league.points_per_game") ?? placeholder.pointsPerGame
    settings.pointsPerSeries =
      int(table["points_per_series"], at: "league.points_per_series") ?? placeholder.pointsPerSeries
    settings.lateArrival = lateArrival(table["late_arrival"]) ?? placeholder.lateArrival
    settings.lateUntilFrame =
      int(table["late_until_frame"], at: "league.late_until_frame") ?? placeholder.lateUntilFrame
    return settings
  }

  private mutating func teams(_ value: TOMLValueConvertible?) -> [LeagueNight.Team] {
    guard let value else {
      report("teams", "missing; add two [[teams]] tables, each with name, start_lane and bowlers")
      return []
    }
    guard value.type == .array, let array = value.array else {
      report(
        "teams", "expected [[teams]] tables, one for each team, found \(WiringError.Problem.describe(value))")
      return []
    }
    var teams: [LeagueNight.Team] = []
    var lanes: [PairSide?] = []
    for (index, element) in array.enumerated() {
      let key = "teams[\(index + 1)]"
      guard element.type == .table, let table = element.table else {
        report(key, "expected a [[teams]] table, found \(WiringError.Problem.describe(element))")
        teams.append(LeagueNight.Team(name: "", startLane: .left, lineup: []))
        lanes.append(nil)
        continue
      }
      checkKeys(of: table, at: key, allowed: LeagueNightFile.teamKeys, in: "a [[teams]] table")
      let name =
        name(required(table, "name", at: key, "name the team, e.g. name = \"Pin Pals\""), at: "\(key).name")
      lanes.append(
        startLane(
          required(
            table, "start_lane", at: key, "give the lane the team bowls frame 1 on, \"left\" or \"right\""),
          at: "\(key).start_lane"))
      let lineup = lineup(
        required(
          table, "bowlers", at: key,
          "list the team's bowlers in order, e.g. bowlers = [ { name = \"Ana\", average = 172 } ]"),
        at: "\(key).bowlers")
      teams.append(LeagueNight.Team(name: name ?? "", startLane: .left, lineup: lineup))
    }
    // A lane that is missing or wrong is taken as the other team's other lane, so the
    // night does not also say both start on the same lane.
    for index in teams.indices {
      let other = lanes.indices.contains(1 - index) ? lanes[1 - index] : nil
      teams[index].startLane = lanes[index] ?? other?.other ?? (index == 0 ? .left : .right)
    }
    return teams
  }

  private mutating func lineup(_ value: TOMLValueConvertible?, at key: String) -> [LeagueNight.Slot] {
    guard let value else { return [] }
    guard value.type == .array, let array = value.array else {
      report(
        key,
        "expected a list of bowlers, e.g. [ { name = \"Ana\", average = 172 } ], found "
          + WiringError.Problem.describe(value))
      return []
    }
    var slots: [LeagueNight.Slot] = []
    for (index, element) in array.enumerated() {
      slots.append(slot(element, at: "\(key)[\(index + 1)]"))
    }
    return slots
  }

  /// A bowler, or a vacancy; a vacancy too after reporting a place that is neither.
  private mutating func slot(_ value: TOMLValueConvertible, at key: String) -> LeagueNight.Slot {
    guard value.type == .table, let table = value.table else {
      report(
        key,
        "expected a bowler, { name = \"Ana\", average = 172 }, or a vacancy, { vacancy = true },"
          + " found \(WiringError.Problem.describe(value))")
      return .vacancy
    }
    if let vacancy = table["vacancy"] {
      guard let isVacancy = bool(vacancy, at: "\(key).vacancy") else { return .vacancy }
      if isVacancy {
        for other in table.keys.sorted() where other != "vacancy" {
          report(
            "\(key).\(other)",
            "a vacancy has no other key; write { vacancy = true } alone, or leave vacancy out for a bowler")
        }
        return .vacancy
      }
    }
    checkKeys(
      of: table, at: key, allowed: LeagueNightFile.bowlerKeys + ["vacancy"],
      in: "a bowler (or a vacancy, { vacancy = true })",
      listing: LeagueNightFile.bowlerKeys)
    let name = name(
      required(table, "name", at: key, "name the bowler, or write { vacancy = true } for an empty place"),
      at: "\(key).name")
    let average = int(
      required(table, "average", at: key, "give the bowler's league average, e.g. average = 172"),
      at: "\(key).average")
    return .bowler(
      LeagueNight.Bowler(
        name: name ?? "", average: average ?? 0,
        isAbsent: bool(table["absent"], at: "\(key).absent") ?? false,
        isLate: bool(table["late"], at: "\(key).late") ?? false))
  }

  // MARK: - Values

  /// `table[name]`, or `nil` after reporting it missing from the table at `prefix`.
  private mutating func required(
    _ table: TOMLTable, _ name: String, at prefix: String, _ fix: String
  ) -> TOMLValueConvertible? {
    guard let value = table[name] else {
      report("\(prefix).\(name)", "missing; \(fix)", locatedAt: prefix)
      return nil
    }
    return value
  }

  /// A name the journal can hold: at most ``LeagueNightFile/maximumNameLength`` characters,
  /// without control characters or a comma. A name reported as wrong is still returned.
  private mutating func name(_ value: TOMLValueConvertible?, at key: String) -> String? {
    guard let name = string(value, at: key) else { return nil }
    let quoted = "\"\(WiringError.Problem.clipped(name))\""
    if name.count > LeagueNightFile.maximumNameLength {
      report(
        key, "\(quoted) is longer than \(LeagueNightFile.maximumNameLength) characters; shorten it")
    }
    if NameText.hasControlCharacters(name) {
      report(key, "a name cannot hold control characters (a terminal escape?): \(quoted)")
    }
    if name.contains(",") {
      report(key, "a name cannot hold a comma: \(quoted)")
    }
    return name
  }

  private mutating func startLane(_ value: TOMLValueConvertible?, at key: String) -> PairSide? {
    guard let text = string(value, at: key) else { return nil }
    guard let side = PairSide(rawValue: text) else {
      report(key, "\"\(WiringError.Problem.clipped(text))\" is not a lane of the pair; use \"left\" or \"right\"")
      return nil
    }
    return side
  }

  private mutating func lateArrival(_ value: TOMLValueConvertible?) -> LeagueSettings.LateArrival? {
    let key = "league.late_arrival"
    guard let text = string(value, at: key) else { return nil }
    guard let rule = LeagueSettings.LateArrival(rawValue: text) else {
      report(
        key,
        "\"\(WiringError.Problem.clipped(text))\" is not a rule for late bowlers; use \"start\""
          + " (they start in the frame the team is in) or \"make-up\" (they bowl the frames missed)")
      return nil
    }
    return rule
  }

  // MARK: - Checks

  private mutating func checkKeys(
    of table: TOMLTable, at prefix: String, allowed: [String], in what: String,
    listing: [String]? = nil
  ) {
    for key in table.keys.sorted() where !allowed.contains(key) {
      report(
        prefix.isEmpty ? key : "\(prefix).\(key)",
        "unknown key; \(what) has " + (listing ?? allowed).joined(separator: ", "))
    }
  }

  /// Adds a problem about `key`, on its line.
  mutating func report(_ key: String, _ message: String) {
    report(key, message, locatedAt: key)
  }

  /// Adds a problem about `key`, on the line of `place`.
  private mutating func report(_ key: String, _ message: String, locatedAt place: String) {
    problems.append(.init(key: key, line: locator.line(of: place), message: message))
  }
}
