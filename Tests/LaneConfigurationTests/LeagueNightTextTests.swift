import LaneConfiguration
import League
import Testing

@Suite("A league night written as a night file")
struct LeagueNightTextTests {
  /// Every setting away from its default, a name with quotes and a backslash,
  /// an absent and a late bowler, and a vacancy.
  static let night = LeagueNight(
    settings: LeagueSettings(
      name: "Tuesday \"Mixed\" \\ Co", games: 3, handicapBasis: 220, handicapPercentage: 90,
      handicapMax: 60, handicapAllowNegative: true, absenteeOffset: 15, vacancyScore: 120,
      pointsPerGame: 2, pointsPerSeries: 3, lateArrival: .makeUp, lateUntilFrame: 4),
    teams: [
      .init(
        name: "Pin Pals", startLane: .left,
        lineup: [
          .bowler(.init(name: "Ana Ñúñez", average: 172)),
          .bowler(.init(name: "Ben", average: 141, isAbsent: true)),
          .bowler(.init(name: "Eve", average: 160, isLate: true)),
        ]),
      .init(
        name: "Gutter Kings", startLane: .right,
        lineup: [.bowler(.init(name: "Cy", average: 188)), .vacancy, .bowler(.init(name: "Di", average: 155))]),
    ])

  @Test("When a night is written and read back, then it is the same night, every setting and bowler kept")
  func roundTrip() throws {
    let text = LeagueNightFile.text(of: Self.night, heading: ["next night of Tuesday Mixed"])

    #expect(try LeagueNightFile.parse(text: text, file: "next.toml") == Self.night)
    #expect(text.hasPrefix("# next night of Tuesday Mixed\n\n[league]\n"))
    #expect(text.contains(#"name = "Tuesday \"Mixed\" \\ Co""#))
    #expect(text.contains("  { vacancy = true },\n"))
  }

  @Test("When a night with only the required settings is written, then it still reads back the same, the defaults written out")
  func defaults() throws {
    let night = LeagueNight(
      settings: LeagueSettings(name: "Rig Pair", games: 1, handicapBasis: 220, handicapPercentage: 90),
      teams: [
        .init(name: "Seven Starters", startLane: .left, lineup: [.bowler(.init(name: "Ana", average: 172))]),
        .init(name: "Eight Starters", startLane: .right, lineup: [.bowler(.init(name: "Cy", average: 188))]),
      ])

    let text = LeagueNightFile.text(of: night)

    #expect(try LeagueNightFile.parse(text: text, file: "rig.toml") == night)
    #expect(text.contains("absentee_offset = 10\n"))
    #expect(!text.contains("vacancy_score"))
  }
}
