import CentreRecords
import Foundation

/// One stored game as a league secretary's program imports it (`lane records export`):
/// the columns are documented in docs/records.md and only ever added to at the end.
///
/// Pure. A league bowler is one person across nights and lanes, so their id is the league's
/// and their name's; an open-play name belongs to its session (docs/records.md).
public struct GameExport: Codable, Hashable, Sendable {
  /// How `lane records export` writes the games.
  public enum Format: String, Sendable, CaseIterable {
    /// A header line, then one record per game.
    case csv
    /// One object per line.
    case json
  }

  /// The columns, in order: the CSV header and the JSON keys.
  public static let columns = [
    "date", "league", "team", "bowler_id", "bowler", "lane", "session", "game", "scratch", "handicap",
    "total", "complete", "kind", "frames",
  ]

  /// The night's or session's day, `YYYY-MM-DD` (UTC), from the session id.
  public var date: String
  /// Empty for open play.
  public var league: String
  public var team: String
  public var bowlerID: String
  public var bowler: String
  /// The lane, or a league night's pair (`7+8`).
  public var lane: String
  public var session: String
  public var game: Int
  public var scratch: Int
  /// 0 for open play.
  public var handicap: Int
  public var total: Int
  public var complete: Bool
  /// `bowled`, `absentee` or `vacancy`; open play's games are `bowled`.
  public var kind: String
  /// Each frame's deliveries' pin counts (a foul counts 0), frame by frame.
  public var frames: [[Int]]

  enum CodingKeys: String, CodingKey {
    case date, league, team, bowlerID = "bowler_id", bowler, lane, session, game, scratch, handicap, total,
      complete, kind, frames
  }

  /// - Parameter person: The bowler's id as the store links it (`lane records link`); the
  ///   game's own (``StoredGame/person``) when not given.
  public init(_ game: StoredGame, person: String? = nil) {
    date = String(game.session.prefix(10))
    league = game.league?.name ?? ""
    team = game.league?.team ?? ""
    bowler = game.bowler
    bowlerID = person ?? game.person
    lane = game.lane
    session = game.session
    self.game = game.game
    scratch = game.total
    handicap = game.league?.handicap ?? 0
    total = game.league?.withHandicap ?? game.total
    complete = game.complete
    kind = game.league?.kind ?? "bowled"
    frames = game.frames.map(\.rolls)
  }

  /// The game as one CSV record (RFC 4180: a field with a comma, quote or line break is
  /// quoted, its quotes doubled); `frames` as `7-2 10 3-7 …`, a frame's balls joined by `-`.
  public var csvRecord: String {
    let fields: [String] = [
      date, league, team, bowlerID, bowler, lane, session, String(game), String(scratch), String(handicap),
      String(total), String(complete), kind,
      frames.map { $0.map(String.init).joined(separator: "-") }.joined(separator: " "),
    ]
    return fields.map(Self.csvField).joined(separator: ",")
  }

  /// The CSV header line.
  public static var csvHeader: String { columns.joined(separator: ",") }

  static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
