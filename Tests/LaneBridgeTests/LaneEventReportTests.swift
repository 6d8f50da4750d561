import Bowling
import LaneSensing
import Testing

@testable import LaneBridge

/// The lines as `JSONEncoder` wrote them before ``LaneEventReport`` wrote them itself: the
/// reference its output must equal byte for byte.
private enum EncodedLine {
  struct ThrowEvent: Encodable {
    let event = "throw"
    let seq: Int
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
}

/// A bowler's name, named for the test report.
struct BowlerName: Sendable, CustomTestStringConvertible {
  let name: String
  let testDescription: String

  static let all: [BowlerName] = [
    BowlerName(name: "", testDescription: "a lone unnamed bowler"),
    BowlerName(name: "Ana", testDescription: "a plain name"),
    BowlerName(name: #"Eve "the \ arm" a/b"#, testDescription: "quotes, a backslash and a slash"),
    BowlerName(
      name: "tab\tnew\nline\r\u{8}\u{C}\u{0}\u{1}\u{1B}\u{1F}\u{7F}",
      testDescription: "control characters"),
    BowlerName(name: "Zoë Ørsted 山田 😀 \u{2028}", testDescription: "non-ASCII"),
  ]
}

@Suite("Writing lane run's JSON lines without the encoder")
struct LaneEventReportTests {
  @Test(
    "When each throw, frame and game of a game is written, then the text is what JSONEncoder made of it",
    arguments: BowlerName.all, BowledGame.all)
  func throwsFramesGames(bowler: BowlerName, bowled: BowledGame) throws {
    var session = LaneSession(bowlers: [bowler.name])
    let named: String? = bowler.name.isEmpty ? nil : bowler.name
    let times = [12.5, 0.000_001, 3.0, 1234.567_891, 86_400.25]

    for (index, delivery) in bowled.deliveries.enumerated() {
      let standing = session.standing.pins ?? .full
      let recorded = try session.record(delivery)
      let knocked = delivery.knockedPins ?? PinSet(bits: UInt16(1 << delivery.pinsDown) - 1)!
      let time = times[index % times.count]
      let detected = DetectedThrow(
        start: .zero, end: SensorInstant(nanoseconds: Int64((time * 1e9).rounded())),
        standingBefore: standing, knocked: knocked, isFoul: delivery.isFoul)
      let scored = ScoredThrow(detected: detected, delivery: delivery, recorded: recorded, in: session)

      let line = LaneEventReport.line(for: LaneEvent(.scored(scored), sequence: index + 1), in: session)

      #expect(line == (try JSONLine.text(EncodedLine.ThrowEvent(
        seq: index + 1, bowler: named, game: 1, frame: recorded.position.frame,
        ball: recorded.position.ball, time: detected.end.seconds, pins: delivery.credited,
        knocked: knocked.map(\.rawValue), foul: delivery.isFoul,
        standing: standing.subtracting(knocked).map(\.rawValue)))))
    }
    let game = session.series[0].wholeGame(1)
    for number in game.frames.indices.map({ $0 + 1 }) {
      let line = LaneEventReport.line(
        for: LaneEvent(.frameCompleted(bowler: 0, game: 1, frame: number), sequence: 40 + number),
        in: session)

      #expect(line == (try JSONLine.text(EncodedLine.FrameEvent(
        seq: 40 + number, bowler: named, game: 1,
        frame: GameReport.Frame(game.frames[number - 1]), number: number))))
    }
    let line = LaneEventReport.line(
      for: LaneEvent(.gameCompleted(bowler: 0, game: 1), sequence: 99), in: session)

    #expect(line == (try JSONLine.text(EncodedLine.GameEvent(
      seq: 99, bowler: named, game: 1, report: GameReport(game)))))
  }

  @Test(
    "When a correction is written, then the text is what JSONEncoder made of it",
    arguments: BowlerName.all, [Correction.setPins([7, 10]), .foul(true), .deadBall, .undo])
  func correction(author: BowlerName, correction: Correction) throws {
    let change = "frame 3 \"was\" 9\\1, now \(author.name)"

    let line = LaneEventReport.line(
      for: LaneEvent(.corrected(correction, change: change, by: author.name), sequence: 31),
      in: LaneSession(bowlers: []))

    #expect(line == (try JSONLine.text(EncodedLine.CorrectionEvent(
      seq: 31, by: author.name, correction: "\(correction)", change: change))))
  }
}
