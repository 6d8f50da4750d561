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
}
