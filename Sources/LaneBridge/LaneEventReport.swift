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
enum LaneEventReport {
  struct ThrowEvent: Encodable {
    let event = "throw"
    let seq: Int
    /// The bowler's name; left out for a lone unnamed bowler.
    let bowler: String?
    let game: Int
    let frame: Int
    let ball: Int
    let time: Double
    let pins: Int
    let knocked: [Int]
    let foul: Bool
    let standing: [Int]
  }

  struct FrameEvent: Encodable {
    let event = "frame"
    let seq: Int
    let bowler: String?
    let game: Int
    let frame: GameReport.Frame
    let number: Int

    func encode(to encoder: any Encoder) throws {
      try frame.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(event, forKey: .event)
      try container.encode(seq, forKey: .seq)
      try container.encodeIfPresent(bowler, forKey: .bowler)
      try container.encode(game, forKey: .game)
      try container.encode(number, forKey: .frame)
    }
  }

  struct GameEvent: Encodable {
    let event = "game"
    let seq: Int
    let bowler: String?
    let game: Int
    let report: GameReport

    func encode(to encoder: any Encoder) throws {
      try report.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(event, forKey: .event)
      try container.encode(seq, forKey: .seq)
      try container.encodeIfPresent(bowler, forKey: .bowler)
      try container.encode(game, forKey: .game)
    }
  }

  struct CorrectionEvent: Encodable {
    let event = "correction"
    let seq: Int
    let by: String
    let correction: String
    let change: String
  }

  enum Keys: String, CodingKey { case event, seq, bowler, game, frame }

  /// The line for one event, or `nil` for an event JSON lines leave out (deck changes, who
  /// is up, status and warnings).
  ///
  /// - Throws: `EncodingError` if the encoder fails, which plain numbers and strings do not.
  static func line(for event: LaneEvent, in session: LaneSession) throws -> String? {
    let seq = event.sequence
    func name(_ bowler: Int) -> String? {
      session.bowlers[bowler].isEmpty ? nil : session.bowlers[bowler]
    }
    switch event.kind {
    case .scored(let scored):
      let position = scored.recorded.position
      let detected = scored.detected
      return try JSONLine.text(ThrowEvent(
        seq: seq, bowler: name(scored.bowler),
        game: scored.recorded.game, frame: position.frame, ball: position.ball,
        time: detected.end.seconds, pins: scored.delivery.credited,
        knocked: detected.knocked.map(\.rawValue), foul: scored.delivery.isFoul,
        standing: detected.standingBefore.subtracting(detected.knocked).map(\.rawValue)))
    case .frameCompleted(let bowler, let game, let frame):
      let played = session.series[bowler].wholeGame(game)
      return try JSONLine.text(FrameEvent(
        seq: seq, bowler: name(bowler), game: game,
        frame: GameReport.Frame(played.frames[frame - 1]), number: frame))
    case .gameCompleted(let bowler, let game):
      return try JSONLine.text(GameEvent(
        seq: seq, bowler: name(bowler), game: game,
        report: GameReport(session.series[bowler].wholeGame(game))))
    case .corrected(let correction, let change, let author):
      return try JSONLine.text(CorrectionEvent(
        seq: seq, by: author, correction: "\(correction)", change: change))
    default:
      return nil
    }
  }
}
