/// One league night on a pair: the league's settings and the two teams that meet.
public struct LeagueNight: Hashable, Sendable {
  /// A person on a team's lineup.
  public struct Bowler: Hashable, Sendable {
    public var name: String
    /// The average the league uses for handicap and an absentee's score.
    public var average: Int
    /// Marked absent before the night: every game scores the absentee score.
    public var isAbsent: Bool
    /// Not here yet when the night starts: skipped until the desk says they arrived.
    public var isLate: Bool

    public init(name: String, average: Int, isAbsent: Bool = false, isLate: Bool = false) {
      self.name = name
      self.average = average
      self.isAbsent = isAbsent
      self.isLate = isLate
    }
  }

  /// A place in a team's lineup: a bowler, or a vacancy nobody fills.
  public enum Slot: Hashable, Sendable {
    case bowler(Bowler)
    case vacancy

    public var bowler: Bowler? { if case .bowler(let bowler) = self { bowler } else { nil } }
  }

  /// A team: its name, the lane its frame 1 is bowled on, and its lineup in bowling order.
  public struct Team: Hashable, Sendable {
    public var name: String
    public var startLane: PairSide
    public var lineup: [Slot]

    public init(name: String, startLane: PairSide, lineup: [Slot]) {
      self.name = name
      self.startLane = startLane
      self.lineup = lineup
    }
  }

  /// Something a night cannot be played with, and the setting it is about.
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    /// The setting's key as a night file spells it: `league.games`, `teams[2].start_lane`.
    public var key: String
    public var message: String

    public init(key: String, message: String) {
      self.key = key
      self.message = message
    }

    public var description: String { "\(key): \(message)" }
  }

  /// The most bowlers in a team's lineup.
  public static let maximumLineup = 5
  /// The most games a night holds.
  public static let maximumGames = 5

  public var settings: LeagueSettings
  /// The two teams, in the night file's order.
  public var teams: [Team]

  public init(settings: LeagueSettings, teams: [Team]) {
    self.settings = settings
    self.teams = teams
  }

  /// Everything that keeps the night from being played; empty when it can be.
  public var problems: [Problem] {
    var problems: [Problem] = []
    let settings = self.settings
    func check(_ ok: Bool, _ key: String, _ message: String) {
      if !ok { problems.append(Problem(key: key, message: message)) }
    }
    check((1...Self.maximumGames).contains(settings.games), "league.games", "must be 1 to \(Self.maximumGames)")
    check((0...100).contains(settings.handicapPercentage), "league.handicap_percentage", "must be 0 to 100")
    check((0...300).contains(settings.handicapBasis), "league.handicap_basis", "must be 0 to 300")
    if let max = settings.handicapMax { check(max >= 0, "league.handicap_max", "must not be negative") }
    check((0...300).contains(settings.absenteeOffset), "league.absentee_offset", "must be 0 to 300")
    if let vacancy = settings.vacancyScore {
      check((0...300).contains(vacancy), "league.vacancy_score", "must be 0 to 300")
    }
    check(settings.pointsPerGame >= 0, "league.points_per_game", "must not be negative")
    check(settings.pointsPerSeries >= 0, "league.points_per_series", "must not be negative")
    check((1...10).contains(settings.lateUntilFrame), "league.late_until_frame", "must be 1 to 10")
    guard teams.count == 2 else {
      problems.append(Problem(key: "teams", message: "a pair holds two teams; found \(teams.count)"))
      return problems
    }
    check(teams[0].startLane != teams[1].startLane, "teams[2].start_lane",
      "the teams start on different lanes (Rule 106): one \"left\", one \"right\"")
    for (index, team) in teams.enumerated() {
      let key = "teams[\(index + 1)]"
      check(!team.name.isEmpty, "\(key).name", "is empty")
      check((1...Self.maximumLineup).contains(team.lineup.count), "\(key).bowlers",
        "a lineup holds 1 to \(Self.maximumLineup) places; found \(team.lineup.count)")
      var seen: Set<String> = []
      for (place, slot) in team.lineup.enumerated() {
        let slotKey = "\(key).bowlers[\(place + 1)]"
        switch slot {
        case .vacancy:
          check(settings.vacancyScore != nil, slotKey,
            "a vacancy needs the league's vacancy_score; add it under [league]")
        case .bowler(let bowler):
          check(!bowler.name.isEmpty, slotKey, "a bowler's name is empty")
          check(seen.insert(bowler.name).inserted, slotKey,
            "\"\(bowler.name)\" is on this team twice; give each bowler once")
          check((0...300).contains(bowler.average), slotKey, "an average must be 0 to 300")
          check(!(bowler.isAbsent && bowler.isLate), slotKey,
            "\"\(bowler.name)\" is marked both absent and late; a late bowler is expected, an absent one is not")
        }
      }
    }
    check(teams[0].name != teams[1].name, "teams[2].name", "both teams are called \"\(teams[1].name)\"")
    return problems
  }
}
