import TOMLKit
import Wiring

/// The first step of reading a settings file, shared by the lane's config file and a
/// league night file: text that is not text, or not TOML, is refused with its line.
enum TOMLDocument {
  /// Why a text is not a TOML document: the line, when known, and what is wrong.
  struct Refusal: Error {
    var line: Int?
    var message: String
    /// Whether the file holds bytes no text has, so it is not the file the user meant.
    var isNotText = false
  }

  /// The root table of `text`.
  ///
  /// - Parameter kind: What the file should be, for the messages: `a lane config file`.
  /// - Throws: A ``Refusal`` for a NUL or undecodable byte, a table header toml++ cannot
  ///   be given, or a syntax error.
  static func root(of text: String, kind: String) throws(Refusal) -> TOMLTable {
    if let line = firstBinaryLine(in: text) {
      throw Refusal(line: line, message: "the file is not UTF-8 text; give \(kind)", isNotText: true)
    }
    // toml++ aborts on a header with no name (docs/robustness.md): checked first.
    if let header = TableHeaderCheck.firstUnnamedHeader(in: text) {
      throw Refusal(line: header.line, message: "not valid TOML: \(header.reason)")
    }
    do {
      return try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      let line = error.source.begin.line
      throw Refusal(line: line > 0 ? line : nil, message: "not valid TOML: \(error.description)")
    } catch {
      throw Refusal(message: "not valid TOML: \(error)")
    }
  }

  /// The line of the first NUL or undecodable byte (U+FFFD), which no settings file has.
  static func firstBinaryLine(in text: String) -> Int? {
    var line = 1
    for scalar in text.unicodeScalars {
      if scalar == "\n" { line += 1 }
      if scalar == "\u{0}" || scalar == "\u{FFFD}" { return line }
    }
    return nil
  }
}
