import Bowling

/// The words the console board and the log show when a session ends and the next opens.
enum SessionStartedText {
  /// `session ended by desk/r-17; new session for Ana, Ben`.
  static func line(by author: String, session: LaneSession) -> String {
    let names = session.bowlers == [""] ? "one unnamed bowler" : session.bowlers.joined(separator: ", ")
    return "session ended by \(author); new session for \(names)"
  }
}
