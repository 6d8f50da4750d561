/// How a message quotes what a user gave (a file's text, an option's value): short enough
/// to read, and safe to print on a terminal.
public enum InputExcerpt {
  /// The most characters of the input a message quotes.
  public static let limit = 80

  /// At most ``limit`` characters of `text`, invisible characters escaped (`\u{1B}`, so a
  /// terminal escape cannot take over the operator's screen), and the full length named when
  /// it is cut: `abc… (50000000 characters)`.
  public static func clipped(_ text: String) -> String {
    var shown = ""
    var count = 0
    for character in text {
      if count == limit { return shown + "… (\(text.count) characters)" }
      shown += escaped(character)
      count += 1
    }
    return shown
  }

  private static func escaped(_ character: Character) -> String {
    let isVisible = character == " " || character.unicodeScalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
        .unassigned, .spaceSeparator:
        return false
      default:
        return true
      }
    }
    guard !isVisible else { return String(character) }
    return character.unicodeScalars.map { scalar in
      "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }.joined()
  }
}
