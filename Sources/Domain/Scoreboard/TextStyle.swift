/// ANSI text styling that is applied only when colour was asked for.
struct TextStyle: Sendable {
  /// One look for a piece of text.
  enum Look: String, Sendable {
    case bold = "1"
    case dim = "2"
    case red = "1;31"
    case yellow = "33"
    case green = "1;32"
    case reverse = "7"
  }

  /// Whether escape sequences are written at all.
  let isEnabled: Bool

  /// The text wrapped in the look's escape sequence, or unchanged when colour is off.
  func apply(_ look: Look?, to text: String) -> String {
    guard isEnabled, let look, !text.isEmpty else { return text }
    return "\u{1B}[\(look.rawValue)m\(text)\u{1B}[0m"
  }
}
