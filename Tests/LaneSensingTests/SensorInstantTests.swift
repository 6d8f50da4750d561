import Testing
import LaneSensing

@Suite("Sensor instants")
struct SensorInstantTests {
  @Test(
    "When decimal seconds are parsed, then they become exact nanoseconds",
    arguments: [
      ("3.4115", Int64(3_411_500_000)), ("0", 0), ("0.000000001", 1), ("12.5", 12_500_000_000),
      ("9.999999999", 9_999_999_999), ("1000000.000001", 1_000_000_000_001_000),
    ])
  func parsesExactly(text: String, nanoseconds: Int64) {
    #expect(SensorInstant(seconds: text)?.nanoseconds == nanoseconds)
  }

  @Test(
    "When the text is not plain decimal seconds, then nothing is parsed",
    arguments: ["", ".", "1.", ".5", "-1", "1.0000000001", "1e3", "1.2.3", "abc", "99999999999"])
  func rejects(text: String) {
    #expect(SensorInstant(seconds: text) == nil)
  }

  /// Every text of up to five characters from digits, a point and a letter, and texts at the
  /// edges of the fast path (nine and ten whole digits) and of 64-bit nanoseconds.
  static let agreementCases: [String] = {
    var texts = [""]
    var layer = [""]
    for _ in 1...5 {
      layer = layer.flatMap { prefix in ["0", "1", "9", ".", "x"].map { prefix + $0 } }
      texts += layer
    }
    return texts + [
      "123456789", "123456789.5", "999999999.999999999", "999999999.9999999999",
      "1234567890", "1234567890.25", "9223372036.854775807", "9223372036.854775808",
      "9223372037", "000000000000000000001.5", "12345678.", "1234.56789x", "1.2.3",
    ]
  }()

  @Test("When the same bytes are read in memory and as a plain sequence, then both give the same instant")
  func contiguousAgreesWithSequence() {
    // The second reading must take the general path, or the comparison proves nothing.
    #expect("1.5".utf8.lazy.map { $0 }.withContiguousStorageIfAvailable { _ in true } == nil)
    for text in Self.agreementCases {
      let inMemory = Array(text.utf8)
      let sequence = text.utf8.lazy.map { $0 }
      #expect(
        SensorInstant(secondsUTF8: inMemory) == SensorInstant(secondsUTF8: sequence),
        "\(text)")
    }
  }

  @Test("When an instant is written as seconds, then it has six to nine digits and reads back")
  func roundTrip() {
    let cases = [(Int64(3_411_500_000), "3.411500"), (1, "0.000000001"), (20_100_000_000, "20.100000")]
    for (nanoseconds, text) in cases {
      let instant = SensorInstant(nanoseconds: nanoseconds)
      #expect(instant.secondsText == text)
      #expect(SensorInstant(seconds: instant.secondsText) == instant)
    }
  }

  @Test(
    "When an instant before the origin or at the clock's edge is written, then sign, whole seconds and digits are exact",
    arguments: [
      (Int64(0), "0.000000"), (-1_500_000, "-0.001500"), (-123_456_789, "-0.123456789"),
      (Int64.max, "9223372036.854775807"), (Int64.min, "-9223372036.854775808"),
      (86_400_000_000_010, "86400.00000001"),
    ])
  func writesEveryInstant(nanoseconds: Int64, text: String) {
    #expect(SensorInstant(nanoseconds: nanoseconds).secondsText == text)
  }

  @Test("When durations are added and instants subtracted, then the arithmetic is exact")
  func arithmetic() {
    let start = SensorInstant(seconds: "3.2")!
    #expect((start + .milliseconds(30)).nanoseconds == 3_230_000_000)
    #expect(SensorInstant(seconds: "6.2")! - start == .seconds(3))
  }
}
