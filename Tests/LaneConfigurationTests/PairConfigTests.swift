import LaneConfiguration
import Testing

@Suite("A pair's config file: two lanes, each with its id and wiring")
struct PairConfigTests {
  static let pair = """
    journal = "pair-7-8.journal"

    [[lanes]]
    lane = "lane7"
    wiring = "lane7-wiring.toml"

    [[lanes]]
    lane = "lane8"
    wiring = "/etc/lanebridge/expander.toml"
    """

  @Test("When a file names two lanes, then each keeps its id and its wiring, relative to the file's folder")
  func twoLanes() throws {
    let config = try LaneConfigTests.parse(Self.pair)

    #expect(config.pair == [
      .init(lane: "lane7", wiring: "/etc/lanebridge/lane7/lane7-wiring.toml"),
      .init(lane: "lane8", wiring: "/etc/lanebridge/expander.toml"),
    ])
    #expect(config.lane == nil && config.wiring == nil)
    #expect(config.journal == "/etc/lanebridge/lane7/pair-7-8.journal")
  }

  @Test("When a file names one lane, then it has no pair")
  func oneLane() throws {
    #expect(try LaneConfigTests.parse("lane = \"lane7\"\nwiring = \"w.toml\"\n").pair == nil)
  }

  @Test("When a pair names three lanes, or one, then the count is refused at the lanes' line")
  func notTwo() {
    let three = Self.pair + "\n\n[[lanes]]\nlane = \"lane9\"\nwiring = \"w.toml\"\n"
    #expect(LaneConfigTests.problems(three).map(\.key) == ["lanes"])
    #expect(LaneConfigTests.problems(three).first?.message.contains("exactly two") == true)
    let one = "[[lanes]]\nlane = \"lane7\"\nwiring = \"w.toml\"\n"
    #expect(LaneConfigTests.problems(one).first?.line == 1)
  }

  @Test("When a pair's lane has no wiring, a bad id, the other's id or an unknown key, then each is named with its line")
  func laneMistakes() {
    let text = """
      [[lanes]]
      lane = "lane7"

      [[lanes]]
      lane = "lane7"
      wiring = "w.toml"
      wirring = "x.toml"
      """
    let problems = LaneConfigTests.problems(text)
    #expect(problems.map(\.key) == ["lanes[1].wiring", "lanes[2].lane", "lanes[2].wirring"])
    #expect(problems.map(\.line) == [1, 5, 7])
    #expect(problems[1].message.contains("both lanes are lane7"))
  }

  @Test("When a pair also names a lane, a wiring or bowlers at the top, then those are refused: each lane has its own")
  func pairWithSingleLaneKeys() {
    let problems = LaneConfigTests.problems("lane = \"lane7\"\nbowlers = [\"Ana\"]\n" + Self.pair)
    #expect(problems.map(\.key) == ["lane", "bowlers"])
    #expect(problems.first?.message.contains("[[lanes]]") == true)
  }

  @Test("When each lane of a pair names its broker credentials, then each keeps its own, relative to the file's folder")
  func credentialsPerLane() throws {
    let text = Self.pair.replacingOccurrences(
      of: "wiring = \"lane7-wiring.toml\"", with: "wiring = \"lane7-wiring.toml\"\ncredentials = \"lane7.credentials\"")
      + "\ncredentials = \"/etc/lanebridge/lane8.credentials\"\n\n[centre]\nbroker = \"mqtt://desk:1883\"\n"

    let config = try LaneConfigTests.parse(text)

    #expect(config.pair?.map(\.credentials) == [
      "/etc/lanebridge/lane7/lane7.credentials", "/etc/lanebridge/lane8.credentials",
    ])
    #expect(config.centre.broker == "mqtt://desk:1883")
  }

  @Test("When a pair's [centre] names credentials or a client certificate, then it is refused: each lane is its own broker user")
  func sharedCredentials() {
    let problems = LaneConfigTests.problems(
      Self.pair + "\n\n[centre]\nbroker = \"mqtt://desk:1883\"\ncredentials = \"desk.credentials\"\n")
    #expect(problems.map(\.key) == ["centre.credentials"])
    #expect(problems.first?.message.contains("[[lanes]]") == true)
  }

  @Suite("Given a pair in open play: each lane with its own journal and bowlers")
  struct OpenPlay {
    static let text = """
      [[lanes]]
      lane = "lane7"
      wiring = "lane7.toml"
      journal = "lane7.journal"
      bowlers = ["Ana", "Ben"]

      [[lanes]]
      lane = "lane8"
      wiring = "lane8.toml"
      journal = "/var/lib/lanebridge/lane8.journal"
      """

    @Test("When the file is read, then each lane keeps its journal, relative to the file's folder, and its bowlers")
    func eachLanesOwn() throws {
      let config = try LaneConfigTests.parse(Self.text)

      #expect(config.pair?.map(\.journal) == [
        "/etc/lanebridge/lane7/lane7.journal", "/var/lib/lanebridge/lane8.journal",
      ])
      #expect(config.pair?.map(\.bowlers) == [["Ana", "Ben"], nil])
      #expect(config.journal == nil)
    }

    @Test("When it is checked for open play, then it passes; for a league night, then each lane's journal and bowlers are refused with their lines")
    func leagueNightRefusesThem() throws {
      let config = try LaneConfigTests.parse(Self.text)

      try config.check(.openPlay, file: "pair.toml")
      let error = try #require(throws: LaneConfigError.self) { try config.check(.leagueNight, file: "pair.toml") }
      #expect(error.problems.map(\.key) == ["lanes[1].journal", "lanes[1].bowlers", "lanes[2].journal"])
      #expect(error.problems.map(\.line) == [4, 5, 10])
      #expect(error.problems[0].message.contains("one journal for the pair"))
      #expect(error.file == "pair.toml")
    }

    @Test("When a lane's bowlers are not a list of names, then the lane's key is named with its line")
    func badBowlers() {
      let problems = LaneConfigTests.problems(
        Self.text.replacingOccurrences(of: "[\"Ana\", \"Ben\"]", with: "[\"Ana\", \"B,en\"]"))
      #expect(problems.map(\.key) == ["lanes[1].bowlers[2]"])
      #expect(problems.map(\.line) == [5])
    }
  }

  @Suite("Given a pair's file with the pair's one journal at the top")
  struct LeagueNight {
    @Test("When it is checked for a league night, then it passes; for open play, then the journal is refused: each lane keeps its own")
    func openPlayRefusesIt() throws {
      let config = try LaneConfigTests.parse(PairConfigTests.pair)

      try config.check(.leagueNight, file: "pair.toml")
      let error = try #require(throws: LaneConfigError.self) { try config.check(.openPlay, file: "pair.toml") }
      #expect(error.problems.map(\.key) == ["journal"])
      #expect(error.problems.map(\.line) == [1])
      #expect(error.problems[0].message.contains("give each [[lanes]] its journal"))
    }
  }

  @Test("When a single lane's file is checked for either way of playing a pair, then it passes")
  func singleLanePasses() throws {
    let config = try LaneConfigTests.parse("lane = \"lane7\"\nwiring = \"w.toml\"\njournal = \"lane.journal\"\n")

    try config.check(.openPlay, file: "lane.toml")
    try config.check(.leagueNight, file: "lane.toml")
  }
}
