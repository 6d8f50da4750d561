import Bowling
import Journal

/// The JSON lines `lane run --json` writes: one object per throw, completed frame and game.
///
/// Each has an `event` key: `{"event": "throw", "game": 1, "frame": 3, "ball": 1, "time": 12.5,
/// "pins": 8, "knocked": [...], "foul": false, "standing": [7, 10]}`, `{"event": "frame",
/// "game": 1, "frame": 3, "rolls": [8, 1], "cumulative": 48}` (`null` until computable) and
/// `{"event": "game", "game": 1, "total": 171, "complete": true, "frames": [...]}`.
enum LaneEventReport {
  struct ThrowEvent: Encodable {
    let event = "throw"
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
    let game: Int
    let frame: GameReport.Frame
    let number: Int

    func encode(to encoder: any Encoder) throws {
      try frame.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(event, forKey: .event)
      try container.encode(game, forKey: .game)
      try container.encode(number, forKey: .frame)
    }
  }

  struct GameEvent: Encodable {
    let event = "game"
    let game: Int
    let report: GameReport

    func encode(to encoder: any Encoder) throws {
      try report.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(event, forKey: .event)
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

  enum Keys: String, CodingKey { case event, game, frame }

  /// The line for a journalled correction:
  /// `{"event": "correction", "seq": 9, "by": "Eve", "correction": "dead ball", "change": "..."}`.
  static func line(for entry: JournalEntry, correction: Correction, change: String) throws -> String {
    try JSONLine.text(CorrectionEvent(
      seq: entry.sequence, by: entry.author, correction: "\(correction)", change: change))
  }

  /// The lines for one scored throw: the throw, then its frame and game if it completed them.
  ///
  /// - Throws: `EncodingError` if the encoder fails, which plain numbers do not.
  static func lines(for scored: ScoredThrow, in game: Game) throws -> [String] {
    let position = scored.recorded.position
    let detected = scored.detected
    var events: [any Encodable] = [
      ThrowEvent(
        bowler: scored.bowlerName.isEmpty ? nil : scored.bowlerName,
        game: scored.recorded.game, frame: position.frame, ball: position.ball,
        time: detected.end.seconds, pins: scored.delivery.credited,
        knocked: detected.knocked.map(\.rawValue), foul: scored.delivery.isFoul,
        standing: detected.standingBefore.subtracting(detected.knocked).map(\.rawValue))
    ]
    if scored.completesFrame {
      events.append(FrameEvent(
        game: scored.recorded.game, frame: GameReport.Frame(game.frames[position.frame - 1]),
        number: position.frame))
    }
    if game.isComplete {
      events.append(GameEvent(game: scored.recorded.game, report: GameReport(game)))
    }
    return try events.map { try JSONLine.text($0) }
  }
}
