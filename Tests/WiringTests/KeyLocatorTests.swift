import Testing
import Wiring

@Suite("Finding the line a key is written on")
struct KeyLocatorTests {
  /// A TOML text, a key path and the line the locator must give for it.
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let keyPath: String
    let line: Int?

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a key under a table header",
      text: "# wiring\n[chip]\nlabel = \"x\"\n\n[pins]\n1 = 17\n",
      keyPath: "pins.1", line: 6),
    Case(
      name: "a key not in the file falls back to its table",
      text: "[chip]\nlabel = \"x\"\n\n[pins]\n1 = 17\n",
      keyPath: "pins.9", line: 4),
    Case(
      name: "a key of an inline table",
      text: "[signals]\nfoul = 21\nball = { line = \"GPIO5\", bias = \"pull-up\" }\n",
      keyPath: "signals.ball.bias", line: 3),
    Case(
      name: "a quoted key",
      text: "[pins]\n\"1\" = 17\n\"2\" = 18\n",
      keyPath: "pins.2", line: 3),
    Case(
      name: "a dotted key",
      text: "lane = \"7\"\ndetector.settle = 3\n",
      keyPath: "detector.settle", line: 2),
    Case(
      name: "the first table of an array of tables",
      text: "[league]\ngames = 3\n\n[[teams]]\nname = \"A\"\n\n[[teams]]\nname = \"B\"\n",
      keyPath: "teams", line: 4),
    Case(
      name: "a key of the second table of an array of tables",
      text: "[[teams]]\nname = \"A\"\nstart_lane = \"left\"\n\n[[teams]]\nname = \"B\"\nstart_lane = \"left\"\n",
      keyPath: "teams[2].start_lane", line: 7),
    Case(
      name: "a key missing from the second table falls back to its header",
      text: "[[teams]]\nname = \"A\"\nstart_lane = \"left\"\n\n[[teams]]\nname = \"B\"\n",
      keyPath: "teams[2].start_lane", line: 5),
    Case(
      name: "a table beyond the last of an array falls back to the first",
      text: "[[teams]]\nname = \"A\"\n[[teams]]\nname = \"B\"\n",
      keyPath: "teams[3]", line: 1),
    Case(
      name: "an array of tables inside the second table of another",
      text: "[[teams]]\nname = \"A\"\n[[teams]]\nname = \"B\"\n[[teams.bowlers]]\nname = \"Cy\"\n"
        + "[[teams.bowlers]]\nname = \"Di\"\n",
      keyPath: "teams[2].bowlers[2].name", line: 8),
    Case(
      name: "an element of an array on one line",
      text: "[[teams]]\nbowlers = [ { name = \"Ana\" }, { name = \"Ben\" } ]\n",
      keyPath: "teams[1].bowlers[2]", line: 2),
    Case(
      name: "an element of an array spanning lines, comments between",
      text: "[[teams]]\nbowlers = [\n  # first\n  { name = \"Ana\" },\n\n  { name = \"Ben\", average = 1 },  # second\n]\nname = \"A\"\n",
      keyPath: "teams[1].bowlers[2].average", line: 6),
    Case(
      name: "a key after an array spanning lines",
      text: "[[teams]]\nbowlers = [\n  \"Ana\",\n  \"Ben\",\n]\nname = \"A\"\n",
      keyPath: "teams[1].name", line: 6),
    Case(
      name: "an element beyond the array's last falls back to the array",
      text: "x = 1\nbowlers = [\"Ana\", \"Ben\"]\n",
      keyPath: "bowlers[3]", line: 2),
    Case(
      name: "a key-like line inside a multi-line string is no key",
      text: "notes = \"\"\"\nname = 1\n\"\"\"\nname = 2\n",
      keyPath: "name", line: 4),
    Case(
      name: "a bracket inside a string is no array",
      text: "a = \"[1, 2\"\nb = [ '{', \"]\" ]\nc = 3\n",
      keyPath: "c", line: 3),
    Case(
      name: "lines ending in CR LF",
      text: "[chip]\r\nlabel = \"x\"\r\n[pins]\r\n1 = 17\r\n",
      keyPath: "pins.1", line: 4),
    Case(
      name: "a key in no table of the file",
      text: "[chip]\nlabel = \"x\"\n",
      keyPath: "pins.1", line: nil),
  ]

  @Test("When a key is looked up, then its line is the one it is written on", arguments: cases)
  func line(_ example: Case) {
    #expect(KeyLocator(text: example.text).line(of: example.keyPath) == example.line)
  }
}
