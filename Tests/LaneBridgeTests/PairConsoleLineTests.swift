import LaneBridge
import Testing

@Suite("A line typed at a pair's console in open play, for the lane it names")
struct PairConsoleLineTests {
  static let lanes = ["lane7", "lane8"]

  @Test(
    "When a line starts with a lane's id, then the rest is that lane's command",
    arguments: [
      ("lane7 p 1,2,4", PairConsoleLine.command("p 1,2,4", lane: 0)),
      ("  lane8\tu", .command("u", lane: 1)),
      ("lane8", .command("", lane: 1)),
    ])
  func routed(line: String, expected: PairConsoleLine) {
    #expect(PairConsoleLine(line, lanes: Self.lanes) == expected)
  }

  @Test("When a line names neither lane, or is blank, then it is not routed")
  func notRouted() {
    #expect(PairConsoleLine("p 1,2", lanes: Self.lanes) == .unrouted)
    #expect(PairConsoleLine("lane9 u", lanes: Self.lanes) == .unrouted)
    #expect(PairConsoleLine("   ", lanes: Self.lanes) == .blank)
  }

  @Test("When a line is not routed, then the usage names both lanes and the commands")
  func usage() {
    let usage = PairConsoleLine.usage(lanes: Self.lanes)
    #expect(usage.hasPrefix("start the line with the lane it is for (lane7 or lane8), e.g. lane7 p 1,2,4;"))
    #expect(usage.contains("u undo"))
  }
}
