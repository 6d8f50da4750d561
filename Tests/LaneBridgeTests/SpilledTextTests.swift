import LaneBridge
import Testing

@Suite("A lane's report set aside until the pair prints it")
struct SpilledTextTests {
  @Test("When text is set aside and drained, then it comes back as written, once")
  func drainsAsWritten() throws {
    let spilled = SpilledText()
    spilled.write("lane7 ")
    spilled.write("Zoë ✓\n")
    var output = ""

    try spilled.drain(into: &output)
    try spilled.drain(into: &output)

    #expect(output == "lane7 Zoë ✓\n")
    #expect(spilled.isEmpty)
  }

  @Test("When drained dropping its final newline, then only that newline goes; text without one is kept whole")
  func dropsTheFinalNewline() throws {
    let report = SpilledText()
    report.write("{\"games\":[]}\n")
    let open = SpilledText()
    open.write("{\"a\":1}")
    var first = ""
    var second = ""

    try report.drain(into: &first, droppingFinalNewline: true)
    try open.drain(into: &second, droppingFinalNewline: true)

    #expect(first == "{\"games\":[]}")
    #expect(second == "{\"a\":1}")
  }

  @Test("When the text spans the scratch file's blocks with characters of several bytes, then none is cut")
  func longTextWithWideCharacters() throws {
    let spilled = SpilledText()
    // 3 bytes each: 70,000 of them cross the 64 KiB blocks inside a character.
    let text = String(repeating: "✓", count: 70_000) + "\n"
    spilled.write(text)
    var output = ""

    try spilled.drain(into: &output, droppingFinalNewline: true)

    #expect(output == String(text.dropLast()))
  }

  @Test("When nothing was written, then it is empty and drains nothing")
  func empty() throws {
    let spilled = SpilledText()
    var output = ""

    try spilled.drain(into: &output, droppingFinalNewline: true)

    #expect(spilled.isEmpty && output.isEmpty)
  }
}
