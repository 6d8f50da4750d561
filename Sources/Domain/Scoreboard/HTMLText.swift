/// Text for an HTML page: the one escaper of the desk's pages and the records' sheets.
public enum HTMLText {
  /// `text` safe inside HTML text and attribute values: `&`, `<`, `>` and both quotes escaped.
  ///
  /// It goes over Unicode scalars, not Characters: a quote followed by a combining mark
  /// (`"\u{0301}`) is one Character, which is not `"`, yet an HTML parser still reads the
  /// quote and ends the attribute.
  public static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
