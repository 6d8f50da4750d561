import CentreRecords
import CentreStore

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
  ///
  /// - Throws: ``RecordsPageTemplate/Failure`` when its template cannot be used.
  public var html: String {
    get throws(RecordsPageTemplate.Failure) { try RecordsPageTemplate.bowler.render(page) }
  }

  /// What the template `Pages/bowler.html` writes.
  private struct Page {
    /// The bowler's name in their latest game, else their id.
    let name: String
    let person: String
    let styles: RecordsStyle.Head
    let games: [Row]
  }

  /// A game's cells, each as the page shows it.
  private struct Row {
    let date, league, team, lane, game, kind, scratch, handicap, total, average: String
    /// The address of the game's scoresheet.
    let sheet: String
  }

  private var page: Page {
    Page(
      name: entries.last?.game.bowler ?? person, person: person, styles: RecordsStyle.head([.bowler], .linked),
      games: entries.map { entry in
        let game = entry.game
        return Row(
          date: game.date, league: game.league.isEmpty ? "open play" : game.league, team: game.team, lane: game.lane,
          game: String(game.game), kind: game.kind == "bowled" ? "" : game.kind,
          scratch: String(game.scratch) + (game.complete ? "" : " so far"), handicap: String(game.handicap),
          total: String(game.total), average: entry.average.map(String.init) ?? "",
          sheet: "/records/sheet?lane=\(RecordsIndex.queryValue(game.lane))&session=\(RecordsIndex.queryValue(game.session))")
      })
  }
}
