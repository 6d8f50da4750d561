import LaneBridge
import Testing

@Suite("One lane's lines after its id, beside the other lane's")
struct LinePrefixedOutputTests {
  /// Each write the base stream was given, as given.
  struct Writes: TextOutputStream {
    var writes: [String] = []
    mutating func write(_ string: String) { writes.append(string) }
  }

  @Test("When a line comes in pieces, as print writes it, then the base is given it once, whole, after the prefix")
  func piecesMakeOneWrite() {
    var output = LinePrefixedOutput(Writes(), prefix: "lane7: ")

    print("game 1, frame 1", to: &output)
    output.write("ball 1: ")
    output.write("9 pins\nball 2")

    #expect(output.base.writes == ["lane7: game 1, frame 1\n", "lane7: ball 1: 9 pins\n"])
  }

  @Test("When several lines and an empty one come in one write, then each gets the prefix, in one write")
  func severalLines() {
    var output = LinePrefixedOutput(Writes(), prefix: "8: ")

    output.write("| X |\n\n| 9 / |\n")

    #expect(output.base.writes == ["8: | X |\n8: \n8: | 9 / |\n"])
  }
}
