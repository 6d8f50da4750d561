/// Decides whether output gets ANSI colour: only on a terminal, never when `NO_COLOR` is set
/// or `TERM` is `dumb`.
public enum TerminalColour {
  /// Whether to colour output.
  ///
  /// - Parameters:
  ///   - isTerminal: Whether the output is a terminal (the caller asks `isatty`).
  ///   - environment: The process environment; a non-empty `NO_COLOR` turns colour off
  ///     (see no-color.org), and so does `TERM=dumb`, a terminal without escapes.
  public static func isWanted(isTerminal: Bool, environment: [String: String]) -> Bool {
    guard isTerminal, environment["TERM"] != "dumb" else { return false }
    return environment["NO_COLOR", default: ""].isEmpty
  }
}
