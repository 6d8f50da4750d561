import Bowling
import LaneSensing
import TestSupport
import Testing
import Wiring

/// Inputs the fuzzers in `Fuzz/` found (or that review found next to them), kept so they
/// never come back; docs/robustness.md tells the story of each.
@Suite("Inputs found by fuzzing")
struct FuzzRegressionTests {
  @Suite("Given a trace whose times reach the end of the sensor clock")
  struct TimesAtTheClocksEnd {
    /// The last instant a trace can write: Int64.max nanoseconds.
    let lastInstant = "9223372036.854775807"

    @Test("When a ball is read at the last instant, then the detector reports it without trapping")
    func ballAtLastInstant() throws {
      var reader = TraceReader(lines: ["\(lastInstant) ball"].makeIterator())
      let event = try #require(try reader.nextEvent())
      var detector = ThrowDetector()
      let outputs = detector.handle(event) + detector.finish()
      let delivery = try #require(outputs.deliveries.first)
      #expect(delivery.knocked == .empty)
      #expect(delivery.end == .distantFuture)
    }

    @Test("When a pin falls just before the last instant, then its bounce window ends at the clock's edge")
    func pinNearLastInstant() throws {
      var reader = TraceReader(lines: ["9223372036.8 pin7 down"].makeIterator())
      let event = try #require(try reader.nextEvent())
      var detector = ThrowDetector()
      let outputs = detector.handle(event) + detector.finish()
      #expect(outputs.deliveries.map(\.knocked) == [[7]])
    }

    @Test("When instants and windows overflow the clock, then the arithmetic saturates")
    func saturates() {
      #expect(SensorInstant.distantFuture + .seconds(1) == .distantFuture)
      #expect(SensorInstant.distantPast - .seconds(1) == .distantPast)
      #expect(SensorInstant.distantFuture - SensorInstant.distantPast == .nanoseconds(Int64.max))
      #expect(Duration.seconds(Int64.max).nanoseconds == Int64.max)
      #expect(SensorInstant(nanoseconds: 5) + .nanoseconds(3) == SensorInstant(nanoseconds: 8))
    }

    @Test("When a time is past the clock's range, then the line is rejected with the expected format")
    func pastTheRange() {
      #expect(throws: TraceError(line: 1, .malformedTime("9223372036.854775808"))) {
        try TraceReader<IndexingIterator<[String]>>.parse(
          line: "9223372036.854775808 ball", number: 1)
      }
      let error = TraceError(line: 1, .malformedTime("9223372036.854775808"))
      #expect(error.description == "trace line 1: expected a time in seconds such as 3.410000 "
        + "at the start of the line, found '9223372036.854775808'")
    }
  }

  @Suite("Given a wiring file with a table header that has no name after its '['")
  struct UnnamedTableHeader {
    /// The crash libFuzzer found: a header of a control character and NULs (line 3 here).
    let found = "[chip]\nlabel = \"gpio-sim\"\n[\u{7}\0\0\0\0\0\0\0= 17    # header pin 11\n"

    @Test("When the fuzzer's input is read, then it is a syntax error at the header, not an abort")
    func fuzzerInput() {
      #expect(throws: WiringError(file: "lane.toml", problems: [
        .init(keyPath: "", line: 3, column: 2, kind: .syntax(reason:
          "a table header needs a name after '[', such as [pins] or [\"pins\"], "
            + "found the control character U+0007"))
      ])) {
        try WiringFile(parsing: found, name: "lane.toml")
      }
    }

    @Test(
      "When a header starts with a character no key can start with, then the error names it, its line and column",
      arguments: [
        ("[!]", "'!'", 1, 2),
        ("[#pins]\n", "'#'", 1, 2),
        ("[chip]\nlabel = \"x\"\n[ .detector]\n", "'.'", 3, 3),
        ("[é]", "'é'", 1, 2),
        ("[pins]\n[\n", "the end of the line", 2, 2),
        ("[[ =]]", "'='", 1, 4),
        ("  [\r\n", "the end of the line", 1, 4),
      ])
    func namesTheCharacter(text: String, found: String, line: Int, column: Int) throws {
      let error = try #require(throws: WiringError.self) {
        try WiringFile(parsing: text, name: "lane.toml")
      }
      let problem = try #require(error.problems.first)
      #expect(error.problems.count == 1)
      #expect(problem.line == line)
      #expect(problem.column == column)
      #expect(problem.message.contains("a table header needs a name after '['"))
      #expect(problem.message.hasSuffix("found \(found)."))
      #expect(problem.fix.hasPrefix("Fix the TOML at that position"))
      #expect(error.description.contains("lane.toml:\(line):\(column)"))
    }

    @Test(
      "When '[' starts a line inside a string, an array or a comment, then it is not taken for a header",
      arguments: [
        "notes = \"\"\"\n[!]\n\"\"\"\n",
        "notes = '''\n[ =\n'''\n",
        "notes = [\n  [1],\n  [ \"a\" ],\n  [{ a = 1 }],\n]\n",
        "# [!] in a comment\n",
        "notes = \"[!]\"\n",
      ])
    func notAHeader(text: String) throws {
      let error = try #require(throws: WiringError.self) {
        try WiringFile(parsing: text, name: "lane.toml")
      }
      for kind in error.kinds {
        if case .syntax(let reason) = kind { Issue.record("taken for a header: \(reason)") }
      }
    }
  }
}
