import Centre
import Foundation
import GRDB

/// How the store keeps what `lane records` answers from (schema `v2 folded games`,
/// docs/records.md): the games and nights folded from the stored events, and each league's
/// standings, so that a season's averages and standings are a query, not a fold of millions
/// of events.
///
/// Every read brings the folds up to the last stored event first (``refresh()``): each
/// origin (a lane's session, or a league night's pair and session) with an event newer than
/// the last refresh is folded again whole by ``StoredGames``, and its rows replaced.
extension RecordStore {
  /// How many origins are folded in one transaction: a desk's commit waits for one batch at most.
  static let originsPerTransaction = 32

  /// A lane's session, or a league night (`L+R`) with the lanes whose events carry it.
  struct Origin: Hashable {
    var lane: String
    var session: String
    /// The lanes its events are stored under: the lane itself, or both lanes of the pair.
    var eventLanes: [String]
  }

  /// Folds again every origin with an event stored since the last refresh, in transactions
  /// of ``originsPerTransaction`` origins.
  ///
  /// - Returns: How many origins were folded.
  /// - Throws: ``StoreError/io(path:reason:)`` when the store cannot be read or written;
  ///   the origins folded before stay folded, the rest are folded by the next refresh.
  @discardableResult
  public func refresh() throws(StoreError) -> Int {
    do {
      let (through, last) = try database.read { db in
        (
          try Int.fetchOne(db, sql: "SELECT event FROM foldedThrough WHERE id = 1") ?? 0,
          try Int.fetchOne(db, sql: "SELECT MAX(id) FROM event") ?? 0
        )
      }
      guard last > through else { return 0 }
      let origins = try database.read { db in try Self.origins(db, storedAfter: through, upTo: last) }
      var leagues: Set<String> = []
      var start = origins.startIndex
      while start < origins.endIndex {
        let end = min(start + Self.originsPerTransaction, origins.endIndex)
        try write { db in
          for origin in origins[start..<end] { leagues.formUnion(try Self.fold(origin, db)) }
        }
        start = end
      }
      try write { db in
        for league in leagues.sorted() { try Self.keepStandings(of: league, db) }
        try db.execute(
          sql: """
            INSERT INTO foldedThrough (id, event) VALUES (1, ?)
            ON CONFLICT (id) DO UPDATE SET event = MAX(event, excluded.event)
            """,
          arguments: [last])
      }
      return origins.count
    } catch {
      throw .io(path: path, reason: "cannot fold the stored events into games: \(error)")
    }
  }

  /// The origins with an event whose id is in `through+1...last`, in the order stored.
  private static func origins(_ db: Database, storedAfter through: Int, upTo last: Int) throws -> [Origin] {
    let groups = try Row.fetchAll(
      db,
      sql: """
        SELECT lane, session, MIN(id) AS first FROM event WHERE id > ? AND id <= ?
        GROUP BY lane, session ORDER BY first
        """,
      arguments: [through, last])
    var origins: [Origin] = []
    var seen: Set<Origin> = []
    for group in groups {
      let lane: String = group["lane"]
      let session: String = group["session"]
      let pair = try Row.fetchOne(
        db,
        sql: "SELECT pairLeft, pairRight FROM event WHERE lane = ? AND session = ? AND pairLeft IS NOT NULL LIMIT 1",
        arguments: [lane, session])
      let origin =
        if let pair, let left: String = pair["pairLeft"], let right: String = pair["pairRight"] {
          Origin(lane: "\(left)+\(right)", session: session, eventLanes: [left, right])
        } else {
          Origin(lane: lane, session: session, eventLanes: [lane])
        }
      if seen.insert(origin).inserted { origins.append(origin) }
    }
    return origins
  }

  /// Folds `origin`'s events and replaces its rows.
  ///
  /// - Returns: The leagues of its nights, before and after, whose standings change with it.
  private static func fold(_ origin: Origin, _ db: Database) throws -> Set<String> {
    var leagues = Set(
      try String.fetchAll(
        db, sql: "SELECT league FROM night WHERE lane = ? AND session = ?", arguments: [origin.lane, origin.session]))
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT id, payload FROM event WHERE session = ? AND lane IN (\(databaseQuestionMarks(count: origin.eventLanes.count)))
        ORDER BY lane, seq
        """,
      arguments: StatementArguments([origin.session] + origin.eventLanes))
    let first: Int = rows.map { $0["id"] as Int }.min() ?? 0
    let folded = StoredGames(events: try events(ofPayloads: rows.map { $0["payload"] as String }))
    for table in ["game", "night", "nightTeam", "foldProblem"] {
      try db.execute(sql: "DELETE FROM \(table) WHERE lane = ? AND session = ?", arguments: [origin.lane, origin.session])
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for (index, game) in folded.games.enumerated() {
      try db.execute(
        sql: """
          INSERT INTO game (lane, session, position, bowler, person, number, league, team, kind,
            scratch, handicap, total, complete, countsForAverage, json)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          origin.lane, origin.session, first * 4096 + min(index, 4095), game.bowler, game.person, game.game,
          game.league?.name, game.league?.team, game.league?.kind ?? "bowled", game.total,
          game.league?.handicap ?? 0, game.league?.withHandicap ?? game.total, game.complete,
          game.countsForAverage && !game.bowler.isEmpty, String(decoding: try encoder.encode(game), as: UTF8.self),
        ])
    }
    for night in folded.nights {
      try db.execute(
        sql: "INSERT INTO night (lane, session, position, league, games) VALUES (?, ?, ?, ?, ?)",
        arguments: [origin.lane, origin.session, first, night.league, night.games])
      for (index, team) in night.teams.enumerated() {
        try db.execute(
          sql: """
            INSERT INTO nightTeam (lane, session, team, league, position, name, scratch, withHandicap, points)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [origin.lane, origin.session, index, night.league, first, team.name, team.scratch, team.withHandicap, team.points])
      }
    }
    for problem in folded.problems {
      try db.execute(
        sql: "INSERT INTO foldProblem (lane, session, description) VALUES (?, ?, ?)",
        arguments: [origin.lane, origin.session, problem.description])
    }
    leagues.formUnion(folded.nights.map(\.league))
    return leagues
  }

  /// Reads from the folds, brought up to the last stored event first.
  func readFolds<T>(_ what: String, _ read: (Database) throws -> T) throws(StoreError) -> T {
    try refresh()
    do {
      return try database.read(read)
    } catch {
      throw .io(path: path, reason: "cannot read \(what): \(error)")
    }
  }

  /// Works out the standings of `league` from its folded nights and its complete games
  /// bowled, read without their frames, and keeps them for ``standings(league:)``.
  private static func keepStandings(of league: String, _ db: Database) throws {
    var games: [StoredGame] = []
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT lane, session, bowler, number, scratch, total FROM game
        WHERE league = ? AND kind = 'bowled' AND complete ORDER BY position
        """,
      arguments: [league])
    while let row = try rows.next() {
      let (scratch, total): (Int, Int) = (row[4], row[5])
      games.append(
        StoredGame(
          lane: row[0], session: row[1], bowler: row[2], game: row[3], total: scratch, complete: true, frames: [],
          league: StoredGame.League(name: league, team: "", handicap: total - scratch, withHandicap: total, kind: "bowled")))
    }
    let nights = try nights(league: league, db)
    guard !nights.isEmpty else {
      try db.execute(sql: "DELETE FROM leagueStandings WHERE league = ?", arguments: [league])
      return
    }
    let standings = try LeagueStandings(league: league, nights: nights, games: games, known: [league])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try db.execute(
      sql: "INSERT INTO leagueStandings (league, json) VALUES (?, ?) ON CONFLICT (league) DO UPDATE SET json = excluded.json",
      arguments: [league, String(decoding: try encoder.encode(standings), as: UTF8.self)])
  }

  /// `payloads`, the `payload` column of stored events, as the events they hold.
  static func events(ofPayloads payloads: [String]) throws -> [Payload.Event] {
    let decoder = JSONDecoder()
    return try payloads.map { try decoder.decode(Payload.Event.self, from: Data($0.utf8)) }
  }
}
