/// A line typed at the console of a pair in open play: the lane's id, then the command that
/// lane's console takes (``ConsoleCommand``), e.g. `lane7 p 1,2,4`.
///
/// Each lane of the pair is a lane of its own, so a command names the lane it is for; a
/// line that names neither is refused with ``usage(lanes:)`` rather than guessed.
public enum PairConsoleLine: Hashable, Sendable {
  /// The command, as its lane's console takes it, for the lane at `lane` (0 left, 1 right).
  case command(String, lane: Int)
  /// A blank line: nothing to do.
  case blank
  /// A line that does not start with either lane's id.
  case unrouted

  /// Routes `line` to the lane whose id is its first word.
  ///
  /// - Parameter lanes: The pair's lanes' ids, left then right.
  public init(_ line: String, lanes: [String]) {
    let words = line.split(maxSplits: 1, omittingEmptySubsequences: true, whereSeparator: \.isWhitespace)
    guard let first = words.first.map(String.init) else {
      self = .blank
      return
    }
    guard let lane = lanes.firstIndex(of: first) else {
      self = .unrouted
      return
    }
    self = .command(words.count > 1 ? String(words[1]) : "", lane: lane)
  }

  /// What the console says to a line it could not route.
  public static func usage(lanes: [String]) -> String {
    "start the line with the lane it is for (\(lanes.joined(separator: " or "))), e.g. \(lanes[0]) p 1,2,4;"
      + " \(ConsoleCommand.summary)"
  }
}
