import CentreRecords
import CentreStore
import Scoreboard

/// One bowler's games, oldest first, each with the bowler's average after it, for
/// `lane records history`.
///
/// Pure: made from the games ``RecordStore/history(of:)`` returns.
public struct BowlerHistory: Sendable {
  /// A game and the bowler's average over the complete games bowled up to and with it.
  public struct Entry: Encodable, Hashable, Sendable {
    public var game: GameExport
    /// `nil` until the bowler has a complete game bowled.
    public var average: Int?

    enum CodingKeys: String, CodingKey {
      case average
    }

    /// Export's columns, then `average`.
    public func encode(to encoder: any Encoder) throws {
      try game.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(average, forKey: .average)
    }
  }

  public var person: String
  public var entries: [Entry]

  /// The history of `person` from their games, oldest first.
  public init(of person: String, games: [StoredGame]) {
    self.person = person
    var pins = 0
    var counted = 0
    entries = games.map { game in
      if game.countsForAverage {
        pins += game.total
        counted += 1
      }
      return Entry(game: GameExport(game, person: person), average: counted > 0 ? pins / counted : nil)
    }
  }

  /// The history of `person` in `store`.
  ///
  /// - Throws: ``StoreError/unknownBowler(path:id:)`` when the store has no game of theirs.
  public init(of person: String, in store: RecordStore) throws(StoreError) {
    let games = try store.history(of: person)
    guard !games.isEmpty else { throw .unknownBowler(path: store.path, id: person) }
    self.init(of: person, games: games)
  }
}

extension BowlerHistory.Entry: CustomStringConvertible {
  /// `2026-11-24 Tuesday (Pin Pals) 7+8 game 2: 171; average 165`.
  public var description: String {
    let league = game.league.isEmpty ? "open play" : "\(game.league) (\(game.team))"
    let kind = game.kind == "bowled" ? "" : " \(game.kind)"
    let score = game.handicap == 0 ? "\(game.scratch)" : "\(game.scratch) + \(game.handicap) = \(game.total)"
    return "\(game.date) \(league) \(game.lane) game \(game.game):\(kind) \(score)\(game.complete ? "" : " so far")"
      + (average.map { "; average \($0)" } ?? "")
  }
}

extension BowlerHistory {
  /// The page `/records/bowler?id=ID` serves: one row per game, oldest first.
  public var html: String {
    let name = entries.last?.game.bowler ?? person
    let rows = entries.map { entry in
      let game = entry.game
      let sheet = "/records/sheet?lane=\(RecordsIndex.queryValue(game.lane))&session=\(RecordsIndex.queryValue(game.session))"
      let cells = [
        game.date, game.league.isEmpty ? "open play" : game.league, game.team, game.lane, String(game.game),
        game.kind == "bowled" ? "" : game.kind, String(game.scratch) + (game.complete ? "" : " so far"),
        String(game.handicap), String(game.total), entry.average.map(String.init) ?? "",
      ].map(HTMLText.escaped)
      return "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "<td><a href=\"\(HTMLText.escaped(sheet))\">scoresheet</a></td></tr>\n"
    }.joined()
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>\(HTMLText.escaped(name)): every game</title>
      \(RecordsStyle.head([.bowler], .linked))
      </head>
      <body>
      <h1>\(HTMLText.escaped(name))</h1>
      <p>\(HTMLText.escaped(person)): every game stored, oldest first, with the average over the complete games bowled up to it (USBC Rule 108). <a href="/records">All records</a></p>
      <table class="history">
      <tr><th>Date</th><th>League</th><th>Team</th><th>Lane</th><th>Game</th><th></th><th>Scratch</th><th>Handicap</th><th>Total</th><th>Average</th><th></th></tr>
      \(rows)</table>
      </body>
      </html>

      """
  }
}
