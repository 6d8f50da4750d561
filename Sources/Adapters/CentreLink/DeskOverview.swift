import Centre

/// The desk's console overview: one line per lane (status, bowlers with frame and score,
/// faults, age of the last throw), and one line per pair bowling a league night (both lanes'
/// status, the league, each team's bowlers), as one screen that replaces the last; for a log
/// (``changedRows(_:since:)``), each line once it changed, without the ages.
public enum DeskOverview {
  /// Moves the cursor home and clears the terminal.
  public static let clearScreen = "\u{1B}[H\u{1B}[2J"

  public static func render(
    _ lanes: [LaneID: DeskLink.LaneView], now: ContinuousClock.Instant
  ) -> String {
    let header = clearScreen + "LaneBridge desk: \(lanes.count) \(lanes.count == 1 ? "lane" : "lanes")"
    return ([header] + rows(lanes, now: now).map(\.text)).joined(separator: "\n")
  }

  /// The rows whose text differs from the one last printed for their lane or pair in
  /// `printed` (a row's key: its lane's id, or `LEFT+RIGHT` for a pair), which is updated:
  /// what a log shows of the overview, one line per change, never a redraw. Without the
  /// throws' ages, which change by themselves every second.
  public static func changedRows(_ lanes: [LaneID: DeskLink.LaneView], since printed: inout [String: String]) -> [String] {
    rows(lanes, now: nil).compactMap { row in
      guard printed[row.key] != row.text else { return nil }
      printed[row.key] = row.text
      return row.text
    }
  }

  /// One row per lane, or per pair bowling a league night, in lane order; each with the age
  /// of its last throw at `now` when given.
  static func rows(_ lanes: [LaneID: DeskLink.LaneView], now: ContinuousClock.Instant?) -> [(key: String, text: String)] {
    func age(_ lastThrow: ContinuousClock.Instant?) -> String {
      guard let now else { return "" }
      return "  " + (lastThrow.map { "last throw \(Int((now - $0).components.seconds))s ago" } ?? "no throw yet")
    }
    func faults(_ faults: [String]) -> String {
      faults.isEmpty ? "no faults" : "faults: " + faults.joined(separator: "; ")
    }
    func padded(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0) }
    var rows: [(key: String, text: String)] = []
    for (lane, view) in lanes.sorted(by: { $0.key < $1.key }) {
      if let pair = view.pair {
        // A pair's line once, where its left lane sorts (or its right, when the left is unheard of).
        guard lane == pair.left || lanes[pair.left]?.pair != pair else { continue }
        let sides = [pair.left, pair.right].map { ($0, lanes[$0]?.pair == pair ? lanes[$0] : nil) }
        let state = sides.map { $0.1?.state?.rawValue ?? "unknown" }.joined(separator: "/")
        let laneFaults = sides.flatMap { side, view in (view?.faults ?? []).map { "\(side): \($0)" } }
        let lastThrow = sides.compactMap { $0.1?.lastThrow }.max()
        let name = "\(pair.left)+\(pair.right)"
        rows.append(
          (name,
           "\(padded(name, 10)) \(padded(state, 7)) league \(view.league ?? "?"):"
            + " \(teams(view.games))  \(faults(laneFaults))\(age(lastThrow))"))
        continue
      }
      let state = view.state?.rawValue ?? "unknown"
      rows.append(
        (lane.rawValue,
         "\(padded(lane.rawValue, 10)) \(padded(state, 7)) \(bowlers(view.games))  \(faults(view.faults))\(age(view.lastThrow))"))
    }
    return rows
  }

  /// `Pin Pals: Ana g1 f5 87, Ben absent; Gutter Kings: Cy g1 f5 90` from a league night's
  /// board, each team's bowlers in lineup order.
  static func teams(_ games: JSONValue?) -> String {
    guard case .array(let bowlers)? = games, !bowlers.isEmpty else { return "no game" }
    var teams: [(name: String, bowlers: [JSONValue])] = []
    for bowler in bowlers {
      guard case .object(let fields) = bowler, case .string(let team)? = fields["team"] else { continue }
      if teams.last?.name == team { teams[teams.count - 1].bowlers.append(bowler) } else { teams.append((team, [bowler])) }
    }
    return teams.map { "\($0.name): \(Self.bowlers(.array($0.bowlers)))" }.joined(separator: "; ")
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
      if case .bool(true)? = fields["absent"] { return "\(name) g\(number("game")) absent \(number("total"))" }
      return "\(name) g\(number("game")) f\(number("frame")) \(number("total"))"
    }.joined(separator: ", ")
  }
}
