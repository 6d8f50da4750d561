import Bowling
import Journal

/// The JSON lines `lane run --json` writes: one object per throw, completed frame and game,
/// and correction, each with the `seq` of the journal record it came from.
///
/// Each has an `event` key: `{"event": "throw", "seq": 12, "game": 1, "frame": 3, "ball": 1,
/// "time": 12.5, "pins": 8, "knocked": [...], "foul": false, "standing": [7, 10]}`,
/// `{"event": "frame", "seq": 12, "game": 1, "frame": 3, "rolls": [8, 1], "cumulative": 48}`
/// (`null` until computable), `{"event": "game", "seq": 30, "game": 1, "total": 171,
/// "complete": true, "frames": [...]}` and `{"event": "correction", "seq": 31, "by": "Eve",
/// "correction": "dead ball", "change": "..."}`. With named bowlers each throw, frame and game
/// carries `bowler`.
///
/// The lines are written directly (``GameJSON``), keys sorted, the same text `JSONEncoder`
/// made of them with `.sortedKeys`: the encoder took tens of microseconds a line on this
/// machine, between the detector's deadline and the throw's write (docs/performance.md).
enum LaneEventReport {
  /// The line for one event, or `nil` for an event JSON lines leave out (deck changes, who
  /// is up, status and warnings).
  static func line(for event: LaneEvent, in session: LaneSession) -> String? {
    var members: [(key: String, value: String)] = [("seq", String(event.sequence))]
    func add(bowler: Int, game: Int) {
      let name = session.bowlers[bowler]
      if !name.isEmpty { members.append(("bowler", GameJSON.string(name))) }
      members.append(("game", String(game)))
    }
    var text = ""
    switch event.kind {
    case .scored(let scored):
      let position = scored.recorded.position
      let detected = scored.detected
      add(bowler: scored.bowler, game: scored.recorded.game)
      members += [
        ("event", #""throw""#), ("frame", String(position.frame)), ("ball", String(position.ball)),
        ("time", GameJSON.number(detected.end.seconds)),
        ("pins", String(scored.delivery.credited)),
        ("knocked", array(detected.knocked)), ("foul", scored.delivery.isFoul ? "true" : "false"),
        ("standing", array(detected.standingBefore.subtracting(detected.knocked))),
      ]
      return GameJSON.Members(members).object()
    case .frameCompleted(let bowler, let game, let frame):
      add(bowler: bowler, game: game)
      members += [("event", #""frame""#), ("frame", String(frame))]
      let played = session.series[bowler].wholeGame(game)
      GameJSON.append(played.frames[frame - 1], to: &text, adding: GameJSON.Members(members))
      return text
    case .gameCompleted(let bowler, let game):
      add(bowler: bowler, game: game)
      members.append(("event", #""game""#))
      GameJSON.append(
        session.series[bowler].wholeGame(game), to: &text, adding: GameJSON.Members(members))
      return text
    case .corrected(let correction, let change, let author):
      members += [
        ("event", #""correction""#), ("by", GameJSON.string(author)),
        ("correction", GameJSON.string("\(correction)")), ("change", GameJSON.string(change)),
      ]
      return GameJSON.Members(members).object()
    default:
      return nil
    }
  }

  /// Pin numbers as a JSON array, in order.
  private static func array(_ pins: PinSet) -> String {
    "[" + pins.map { String($0.rawValue) }.joined(separator: ",") + "]"
  }
}
