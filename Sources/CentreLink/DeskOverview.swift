import Centre

/// The desk's console overview: one line per lane (status, bowlers with frame and score,
/// faults, age of the last throw), as one screen that replaces the last.
public enum DeskOverview {
  /// Moves the cursor home and clears the terminal.
  public static let clearScreen = "\u{1B}[H\u{1B}[2J"

  public static func render(
    _ lanes: [LaneID: DeskLink.LaneView], now: ContinuousClock.Instant
  ) -> String {
    var lines = [clearScreen + "LaneBridge desk: \(lanes.count) \(lanes.count == 1 ? "lane" : "lanes")"]
    for (lane, view) in lanes.sorted(by: { $0.key < $1.key }) {
      let state = view.state?.rawValue ?? "unknown"
      let age = view.lastThrow.map { "last throw \(Int((now - $0).components.seconds))s ago" }
        ?? "no throw yet"
      let faults = view.faults.isEmpty ? "no faults" : "faults: " + view.faults.joined(separator: "; ")
      lines.append(
        "\(lane.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(state.padding(toLength: 7, withPad: " ", startingAt: 0))"
          + " \(bowlers(view.games))  \(faults)  \(age)")
    }
    return lines.joined(separator: "\n")
  }

  /// `Ana g1 f5 87, Ben g1 f5 60` from a board's games.
  static func bowlers(_ games: JSONValue?) -> String {
    guard case .array(let bowlers)? = games, !bowlers.isEmpty else { return "no game" }
    return bowlers.map { bowler -> String in
      guard case .object(let fields) = bowler else { return "?" }
      var name = "bowler"
      if case .string(let text)? = fields["bowler"], !text.isEmpty { name = text }
      func number(_ key: String) -> String {
        if case .number(let value)? = fields[key] { String(Int(value)) } else { "?" }
      }
      return "\(name) g\(number("game")) f\(number("frame")) \(number("total"))"
    }.joined(separator: ", ")
  }
}
