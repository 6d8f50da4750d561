import Bowling
import Foundation
import Journal
import LaneConfiguration
import League
import Testing

/// Every league correction as the scorer or the desk makes it, on a short night: the table
/// the tests through `lane` share, whichever way the commands reach the pair (`lane correct`
/// on a stopped pair, the console on a terminal, the desk over the broker).
public enum LeagueCorrections {
  /// One game of Pin Pals (Ana, Ben absent) against Gutter Kings (Cy, a vacancy, Di).
  public static let night = """
    [league]
    name = "Tuesday Mixed"
    games = 1
    handicap_basis = 220
    handicap_percentage = 90
    handicap_max = 60
    vacancy_score = 120

    [[teams]]
    name = "Pin Pals"
    start_lane = "left"
    bowlers = [ { name = "Ana", average = 172 }, { name = "Ben", average = 141, absent = true } ]

    [[teams]]
    name = "Gutter Kings"
    start_lane = "right"
    bowlers = [ { name = "Cy", average = 188 }, { vacancy = true }, { name = "Di", average = 155 } ]
    """

  /// The first balls of the night, by Rule 106: Ana's first frame on the left (7, then 2),
  /// Cy's on the right (3, then 7), then Cy's second frame on the left (4) and Ana's on the
  /// right (1).
  public static let balls: [(PairSide, [Int])] = [
    (.left, [1, 2, 3, 4, 5, 6, 7]), (.right, [1, 2, 3]), (.left, [8, 9]), (.right, [4, 5, 6, 7, 8, 9, 10]),
    (.left, [1, 2, 3, 4]), (.right, [1]),
  ]

  /// The ball bowled between a case's first and second command when it asks for one: the
  /// 3-pin of a fresh rack, on the left lane.
  public static let ballBetween: (PairSide, [Int]) = (.left, [3])

  /// Commands in order on a journal of the first `balls` balls, with ``ballBetween`` bowled
  /// after the first when `ballBetween`; `accepted` says whether the last is (every one
  /// before it is).
  public struct Case: Sendable, CustomTestStringConvertible {
    public var commands: [String]
    public var balls: Int
    public var ballBetween = false
    public var accepted: Bool
    public var testDescription: String { "\(commands.joined(separator: " then ")) after \(balls) balls" }

    /// Whether command `index` is accepted.
    public func accepts(_ index: Int) -> Bool { index < commands.count - 1 || accepted }
  }

  /// Every kind of correction, and the refusals that show the night's rules.
  public static let cases: [Case] = [
    .init(commands: ["pins 3 8"], balls: 6, accepted: true),
    .init(commands: ["pins 3 1"], balls: 6, accepted: false),
    .init(commands: ["foul 3", "no-foul 3"], balls: 6, accepted: true),
    .init(commands: ["dead 6"], balls: 6, accepted: true),
    .init(commands: ["move 5 to 1.1"], balls: 5, accepted: true),
    .init(commands: ["move 6 to 2.1"], balls: 6, accepted: false),
    .init(commands: ["wrong-lane 5 Ana rebowl"], balls: 5, accepted: true),
    .init(commands: ["wrong-lane 5 Ana keep"], balls: 5, accepted: true),
    .init(commands: ["provisional 5", "decide 5 provisional"], balls: 6, accepted: false),
    .init(commands: ["provisional 5", "decide 5 provisional"], balls: 6, ballBetween: true, accepted: true),
    .init(commands: ["provisional 5", "decide 5 first"], balls: 6, ballBetween: true, accepted: true),
    .init(commands: ["late Di", "arrived Di"], balls: 0, accepted: true),
    .init(commands: ["late Di"], balls: 6, accepted: false),
    .init(commands: ["absent Ana"], balls: 0, accepted: true),
    .init(commands: ["present Ben"], balls: 6, accepted: true),
    .init(commands: ["average Cy 150", "handicap Di 12", "handicap Di formula"], balls: 6, accepted: true),
    .init(commands: ["substitute 1.1 Zoe 160"], balls: 6, accepted: true),
    .init(commands: ["average Cy 150", "undo"], balls: 6, accepted: true),
    .init(commands: ["undo"], balls: 6, accepted: false),
  ]

  /// Starts the night's journal at `path` and journals the first `count` of ``balls``.
  public static func start(at path: String, bowling count: Int) throws {
    let parsed = try LeagueNightFile.parse(text: night, file: "night.toml")
    _ = try JournalFile(path: path, ifMissing: .create(try JournalEntry.nightStart(of: parsed, at: Date())))
    try bowl(balls.prefix(count), into: path)
  }

  /// Journals `balls` as the pair would have, opening the journal as the pair does.
  public static func bowl(_ balls: some Sequence<(PairSide, [Int])>, into path: String) throws {
    let file = try JournalFile(path: path, ifMissing: .refuse)
    var journalled = try JournalledNight(store: file, opened: file)
    for (side, pins) in balls {
      _ = try journalled.deliver(
        .init(knocked: PinSet(pins.compactMap(Pin.init(rawValue:))), isFoul: false), on: side, at: Date())
    }
  }

  /// The night a journal holds, read as the pair reads it.
  public static func night(at path: String) throws -> JournalledNight<JournalFile> {
    let file = try JournalFile(path: path, ifMissing: .refuse)
    return try JournalledNight(store: file, opened: file)
  }

  /// `play` after `command`, worked out on the night as it stands; unchanged when the night
  /// refuses it.
  public static func expected(after command: String, on play: LeaguePlay) throws -> LeaguePlay {
    var expected = play
    switch try LeagueCommand.parse(command, in: play, reason: .given("rule 6b")).action {
    case .correct(let correction): try? expected.correct(correction)
    case .undo: try? expected.undo()
    }
    return expected
  }

  /// A trace of a lane that stands idle for an hour: a pair replayed on two of them, paced,
  /// stays open to corrections for that long without bowling.
  public static let idleTrace = "0 pins 1111111111\n3600 pins 1111111111\n"

}
