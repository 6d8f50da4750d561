import Foundation
import LaneConfiguration
import League
import TestSupport
import Testing

@Suite("A league night file")
struct LeagueNightFileTests {
  /// The issue's example night, as issue 24 wrote it: Gutter Kings name a vacancy but the
  /// league gives no vacancy score.
  static let issueExample = """
    [league]
    name = "Tuesday Mixed"
    games = 3
    handicap_basis = 220
    handicap_percentage = 90
    handicap_max = 60            # optional
    absentee_offset = 10         # optional, default 10

    [[teams]]
    name = "Pin Pals"
    start_lane = "left"
    bowlers = [ { name = "Ana", average = 172 }, { name = "Ben", average = 141, absent = true } ]

    [[teams]]
    name = "Gutter Kings"
    start_lane = "right"
    bowlers = [ { name = "Cy", average = 188 }, { name = "Di", average = 155, late = true }, { vacancy = true } ]
    """

  /// A valid night, each setting on a line of its own; the mistakes are made in it.
  ///
  ///  1 `[league]`, 2 name, 3 games, 4 handicap_basis, 5 handicap_percentage,
  ///  6 vacancy_score; 8 `[[teams]]`, 9 name, 10 start_lane, 11 bowlers; 13 `[[teams]]`,
  ///  14 name, 15 start_lane, 16 bowlers.
  static let base = """
    [league]
    name = "Tuesday Mixed"
    games = 3
    handicap_basis = 220
    handicap_percentage = 90
    vacancy_score = 120

    [[teams]]
    name = "Pin Pals"
    start_lane = "left"
    bowlers = [ { name = "Ana", average = 172 }, { name = "Ben", average = 141, absent = true } ]

    [[teams]]
    name = "Gutter Kings"
    start_lane = "right"
    bowlers = [ { name = "Cy", average = 188 }, { name = "Di", average = 155, late = true }, { vacancy = true } ]

    """

  /// The night ``base`` describes.
  static let baseNight = LeagueNight(
    settings: LeagueSettings(
      name: "Tuesday Mixed", games: 3, handicapBasis: 220, handicapPercentage: 90, vacancyScore: 120),
    teams: [
      LeagueNight.Team(
        name: "Pin Pals", startLane: .left,
        lineup: [
          .bowler(LeagueNight.Bowler(name: "Ana", average: 172)),
          .bowler(LeagueNight.Bowler(name: "Ben", average: 141, isAbsent: true)),
        ]),
      LeagueNight.Team(
        name: "Gutter Kings", startLane: .right,
        lineup: [
          .bowler(LeagueNight.Bowler(name: "Cy", average: 188)),
          .bowler(LeagueNight.Bowler(name: "Di", average: 155, isLate: true)),
          .vacancy,
        ]),
    ])

  /// The night of the issue's example with a vacancy score of 120, as
  /// docs/examples/tuesday-mixed.toml gives it.
  static let exampleNight: LeagueNight = {
    var night = baseNight
    night.settings.handicapMax = 60
    night.settings.absenteeOffset = 10
    return night
  }()

  static func parse(_ text: String) throws(LeagueNightError) -> LeagueNight {
    try LeagueNightFile.parse(text: text, file: "tuesday.toml")
  }

  /// The error of reading `text`, or `nil` when it is a night.
  static func error(_ text: String) -> LeagueNightError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("When the issue's example is read with a vacancy score added, then it is the night it describes")
  func issueExampleWithVacancyScore() throws {
    let text = Self.issueExample.replacingOccurrences(
      of: "absentee_offset = 10", with: "absentee_offset = 10\nvacancy_score = 120")
    #expect(try Self.parse(text) == Self.exampleNight)
  }

  @Test("When the issue's example is read as written, then its vacancy is refused for want of a vacancy score, naming its line")
  func issueExampleAsWritten() throws {
    let error = try #require(Self.error(Self.issueExample))
    #expect(!error.isUnreadable)
    #expect(
      error.description
        == "tuesday.toml: line 17: teams[2].bowlers[3]: a vacancy needs the league's vacancy_score;"
        + " add it under [league]")
  }

  @Test("When the optional settings are left out, then the league's defaults apply")
  func defaults() throws {
    let settings = try Self.parse(Self.base).settings
    #expect(settings.handicapMax == nil)
    #expect(settings.handicapAllowNegative == false)
    #expect(settings.absenteeOffset == 10)
    #expect(settings.pointsPerGame == 1)
    #expect(settings.pointsPerSeries == 1)
    #expect(settings.lateArrival == .startWhereTeamIs)
    #expect(settings.lateUntilFrame == 10)
    #expect(try Self.parse(Self.base) == Self.baseNight)
  }

  @Test("When every optional setting is given, then each is kept")
  func everySetting() throws {
    let text = Self.base.replacingOccurrences(
      of: "vacancy_score = 120",
      with: """
        vacancy_score = 150
        handicap_max = 40
        handicap_allow_negative = true
        absentee_offset = 0
        points_per_game = 2
        points_per_series = 3
        late_arrival = "make-up"
        late_until_frame = 4
        """)
    #expect(
      try Self.parse(text).settings
        == LeagueSettings(
          name: "Tuesday Mixed", games: 3, handicapBasis: 220, handicapPercentage: 90,
          handicapMax: 40, handicapAllowNegative: true, absenteeOffset: 0, vacancyScore: 150,
          pointsPerGame: 2, pointsPerSeries: 3, lateArrival: .makeUp, lateUntilFrame: 4))
  }

  @Test("When bowlers are listed one to a line, then each bowler's problem names the bowler's own line")
  func bowlersOnTheirOwnLines() throws {
    let text = Self.base.replacingOccurrences(
      of: "bowlers = [ { name = \"Cy\", average = 188 }, { name = \"Di\", average = 155, late = true }, { vacancy = true } ]",
      with: """
        bowlers = [
          { name = "Cy", average = 188 },
          # Di moved up a division
          { name = "Di", average = 355 },
          { name = "Cy", average = 150 },
        ]
        """)
    let problems = try #require(Self.error(text)).problems
    #expect(problems.map(\.key) == ["teams[2].bowlers[2]", "teams[2].bowlers[3]"])
    #expect(problems.map(\.line) == [19, 20])
  }

  @Test("When the teams are written as a list of inline tables, then they are read as [[teams]] are")
  func inlineTeams() throws {
    let text = """
      teams = [
        { name = "Pin Pals", start_lane = "left", bowlers = [ { name = "Ana", average = 172 } ] },
        { name = "Gutter Kings", start_lane = "left", bowlers = [ { name = "Cy", average = 188 } ] },
      ]

      [league]
      name = "Tuesday Mixed"
      games = 3
      handicap_basis = 220
      handicap_percentage = 90
      """
    let problems = try #require(Self.error(text)).problems
    #expect(problems.map(\.key) == ["teams[2].start_lane"])
    #expect(problems.map(\.line) == [3])
  }

  @Suite("Given a night file with a mistake")
  struct Mistakes {
    @Test(
      "When it is read, then every problem is reported with its key and line, not as unreadable",
      arguments: BadNight.all)
    func mistake(_ bad: BadNight) throws {
      let error = try #require(LeagueNightFileTests.error(bad.text))
      #expect(error.problems.map(\.key) == bad.keys)
      #expect(error.problems.map(\.line) == bad.lines)
      #expect(error.problems.first?.message.contains(bad.message) == true)
      #expect(!error.isUnreadable)
    }

    @Test("When there are several problems, then each is listed as compilers list them")
    func listing() throws {
      let text = LeagueNightFileTests.base
        .replacingOccurrences(of: "games = 3", with: "games = 9")
        .replacingOccurrences(of: "average = 188", with: "average = 301")
      let error = try #require(LeagueNightFileTests.error(text))
      #expect(
        error.description == """
          tuesday.toml has 2 problems:
          tuesday.toml: line 3: league.games: must be 1 to 5
          tuesday.toml: line 16: teams[2].bowlers[1]: an average must be 0 to 300
          """)
    }
  }

  @Suite("Given the file on disk")
  struct OnDisk {
    let folder: ScratchFolder

    init() throws {
      folder = try ScratchFolder("league-night")
    }

    @Test("When the example under docs/examples is read, then it is the issue's night with its vacancy score")
    func shippedExample() throws {
      let path = PackageFolder.url("docs/examples/tuesday-mixed.toml").path
      #expect(try LeagueNightFile.read(path: path) == LeagueNightFileTests.exampleNight)
    }

    @Test("When a night file is read, then it is the night it describes")
    func read() throws {
      try LeagueNightFileTests.base.write(toFile: folder.path("night.toml"), atomically: false, encoding: .utf8)
      #expect(try LeagueNightFile.read(path: folder.path("night.toml")) == LeagueNightFileTests.baseNight)
    }

    @Test("When a night file has a mistake, then the problems name the path given")
    func mistakeOnDisk() throws {
      let text = LeagueNightFileTests.base.replacingOccurrences(of: "games = 3", with: "games = 0")
      try text.write(toFile: folder.path("night.toml"), atomically: false, encoding: .utf8)
      let error = #expect(throws: LeagueNightError.self) {
        try LeagueNightFile.read(path: folder.path("night.toml"))
      }
      #expect(error?.isUnreadable == false)
      #expect(error?.description == "\(folder.path("night.toml")): line 3: league.games: must be 1 to 5")
    }

    @Test("When it is missing, then it is unreadable")
    func missing() {
      let error = #expect(throws: LeagueNightError.self) {
        try LeagueNightFile.read(path: folder.path("none.toml"))
      }
      #expect(error?.isUnreadable == true)
      #expect(error?.description.contains("cannot read the file: No such file or directory") == true)
    }

    @Test("When it is a directory, then it is unreadable")
    func directory() {
      let error = #expect(throws: LeagueNightError.self) { try LeagueNightFile.read(path: folder.path) }
      #expect(error?.isUnreadable == true)
      #expect(error?.description.contains("it is a directory, not a regular file") == true)
    }

    @Test(
      "When it is a file no reader should open, then it is refused unread as unreadable",
      arguments: RefusedFile.allCases)
    func refused(_ kind: RefusedFile) throws {
      try kind.make(at: folder.path("night.toml"), limit: LeagueNightFile.maximumSize)
      let error = #expect(throws: LeagueNightError.self) {
        try LeagueNightFile.read(path: folder.path("night.toml"))
      }
      #expect(error?.isUnreadable == true)
      #expect(error?.description.contains("it is \(kind)") == true)
    }

    @Test("When it holds binary bytes, then it is unreadable, naming the line")
    func binary() throws {
      let bytes = Array("[league]\nname = \"x\"\n".utf8) + [0x00, 0xFF, 0x7F, 0x0A]
      try Data(bytes).write(to: folder.url.appendingPathComponent("night.toml"))
      let error = #expect(throws: LeagueNightError.self) {
        try LeagueNightFile.read(path: folder.path("night.toml"))
      }
      #expect(error?.isUnreadable == true)
      #expect(
        error?.description
          == "\(folder.path("night.toml")): line 3: the file is not UTF-8 text; give a league night file")
    }
  }
}
