/// Text for an HTML page: the one escaper of the desk's pages and the records' sheets.
public enum HTMLText {
  /// `text` safe inside HTML text and attribute values: `&`, `<`, `>` and both quotes escaped.
  public static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}
