import LaneOptions
import Testing

@Suite("lane's option values")
struct OptionValuesTests {
  @Test("When bowlers are given with spaces around the commas, then each name is trimmed")
  func bowlers() throws {
    #expect(try OptionValues.bowlers(" Ana, Ben ,Cho") == ["Ana", "Ben", "Cho"])
  }

  @Test("When a comma follows a character that joins it into one grapheme (U+0600), then the names are still split there (the fuzzer's crash)")
  func commaInsideAGrapheme() throws {
    let names = try OptionValues.bowlers("{pi\u{FFFD}n\u{600},{")
    #expect(names == ["{pi\u{FFFD}n\u{600}", "{"])
    #expect(names.allSatisfy { !$0.unicodeScalars.contains(",") })
  }

  @Test("When a bowler's name is empty, then --bowlers is refused with an example", arguments: ["", ",", "Ana, ,Ben"])
  func emptyBowler(text: String) {
    #expect(throws: OptionValueError("--bowlers takes names separated by commas, e.g. \"Ana,Ben,Cho\"")) {
      try OptionValues.bowlers(text)
    }
  }

  @Test("When the lane is not a lane id, then --lane is refused naming it", arguments: ["desk", "", "lane 7", String(repeating: "x", count: 33)])
  func badLane(text: String) {
    #expect(throws: OptionValueError("--lane '\(text)' is not a lane name: 1-32 of a-z A-Z 0-9 - _, not desk")) {
      try OptionValues.lane(text)
    }
  }

  @Test("When a pair is two lane ids joined by +, then --pair takes them left then right")
  func pair() throws {
    let pair = try OptionValues.pair("lane7+lane8")
    #expect(pair.left.rawValue == "lane7" && pair.right.rawValue == "lane8")
    #expect(pair.name == "lane7+lane8")
  }

  @Test(
    "When the pair is not two different lane ids joined by +, then --pair is refused naming it",
    arguments: ["lane7", "lane7+", "+lane8", "lane7+lane7", "lane7+lane8+lane9", "desk+lane8", "lane 7+lane8"])
  func badPair(text: String) {
    #expect(
      throws: OptionValueError(
        "--pair '\(text)' is not a pair: two different lane names joined by +, the left lane first, e.g. lane7+lane8")
    ) {
      try OptionValues.pair(text)
    }
  }

  @Test("When a refused value is long or holds a terminal escape, then the message quotes at most 80 characters, escaped, and names its length")
  func longValueIsClipped() {
    let long = "\u{1B}[2J" + String(repeating: "x", count: 50_000)
    let clipped = "\\u{1B}[2J" + String(repeating: "x", count: 76) + "… (50004 characters)"
    #expect(throws: OptionValueError("--lane '\(clipped)' is not a lane name: 1-32 of a-z A-Z 0-9 - _, not desk")) {
      try OptionValues.lane(long)
    }
    #expect(throws: OptionValueError("--correct takes pins:1,2,4, foul, no-foul, dead-ball or undo, not '\(clipped)'")) {
      try OptionValues.deskCorrection(long, id: "r1")
    }
  }

  @Test("When the speed is outside 0.1 to 1000, then it is refused", arguments: [0.09, 1e-20, 1000.5, .nan, .infinity])
  func speedOutOfRange(speed: Double) {
    #expect(throws: OptionValueError.self) { try OptionValues.speed(speed) }
  }

  @Test("When the speed is at either end of the range, then it is taken", arguments: [0.1, 1000])
  func speedAtEnds(speed: Double) throws {
    #expect(try OptionValues.speed(speed) == speed)
  }

  @Test("When seconds are written exactly, then they are read exactly; a negative or a word is none")
  func seconds() {
    #expect(OptionValues.seconds("0.0015") == .microseconds(1500))
    #expect(OptionValues.seconds("-1") == nil)
    #expect(OptionValues.seconds("soon") == nil)
  }

  @Test("When the settle window is zero or longer than the longest delivery, then the windows are refused")
  func detectorWindows() throws {
    #expect(throws: OptionValueError("--settle must be more than 0 seconds")) {
      try OptionValues.checkDetectorWindows(settle: .zero, maxDelivery: nil)
    }
    #expect(throws: OptionValueError("--max-delivery must be at least --settle")) {
      try OptionValues.checkDetectorWindows(settle: .seconds(3), maxDelivery: .seconds(2))
    }
    try OptionValues.checkDetectorWindows(settle: .seconds(3), maxDelivery: .seconds(3))
  }

  @Test("When credentials or TLS files come without a broker, or --http-public without --http, then they are refused")
  func together() {
    #expect(throws: OptionValueError.self) {
      try OptionValues.checkBrokerFiles(broker: nil, credentials: nil, cafile: "ca.crt", certfile: nil, keyfile: nil)
    }
    #expect(throws: OptionValueError("--http-public goes with --http")) {
      try OptionValues.checkHTTPPublic(http: nil, httpPublic: true)
    }
  }

  @Test("When the desk's correction names pins, then they are 1 to 10 and never twice")
  func deskCorrection() throws {
    #expect(try OptionValues.deskCorrection("pins:1,2,4", id: "r1").pins == [1, 2, 4])
    for bad in ["pins:1,1", "pins:11", "pins:", "strike"] {
      #expect(throws: OptionValueError("--correct takes pins:1,2,4, foul, no-foul, dead-ball or undo, not '\(bad)'")) {
        try OptionValues.deskCorrection(bad, id: "r1")
      }
    }
  }

  @Test("When a range of lines reaches past any chip's, then it is refused at once instead of listed (the fuzzer's crash)")
  func hugeLineRange() throws {
    #expect(throws: OptionValueError("--lines takes offsets from 0 to 65535 (a chip's lines), such as 2-27 or 4,17,22.")) {
      try OptionValues.lineOffsets("2-28888888888888887,7")
    }
    #expect(try OptionValues.lineOffsets("0-65535").count == 65_536)
  }

  @Test("When lines are given as offsets and ranges, then they are listed in order, each once; a bad range is refused")
  func lineOffsets() throws {
    #expect(try OptionValues.lineOffsets("4,2-4") == [4, 2, 3])
    for bad in ["3-2", "-1", "a", ""] {
      #expect(throws: OptionValueError("--lines takes offsets and ranges such as 2-27 or 4,17,22.")) {
        try OptionValues.lineOffsets(bad)
      }
    }
  }
}
