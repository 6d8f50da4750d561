import Centre
import Foundation
import GRDB
import LaneBridge

/// What `lane records` and the `/records` pages ask the store, read from its folds
/// (``refresh()``): games, averages, each bowler's history and links, league nights and
/// standings, the roster, and a session folded whole for its scoresheet.
extension RecordStore {
  /// Every game, in the order their sessions and nights were first stored; within one, by
  /// game number, then in bowling order (league nights: team by team, place by place).
  ///
  /// - Parameter league: Only this league's games.
  public func games(league: String? = nil) throws(StoreError) -> [StoredGame] {
    let decoder = JSONDecoder()
    return try readFolds("the stored games") { db in
      let json =
        if let league {
          try String.fetchAll(db, sql: "SELECT json FROM game WHERE league = ? ORDER BY position", arguments: [league])
        } else {
          try String.fetchAll(db, sql: "SELECT json FROM game ORDER BY position")
        }
      return try json.map { try decoder.decode(StoredGame.self, from: Data($0.utf8)) }
    }
  }

  /// Why some stored records were not folded, origin by origin.
  public func foldProblems() throws(StoreError) -> [String] {
    try readFolds("what was not folded") { db in
      try String.fetchAll(db, sql: "SELECT description FROM foldProblem ORDER BY lane, session, rowid")
    }
  }

  /// Each bowler's average over their complete games bowled (USBC Rule 108), by name, then id.
  ///
  /// A bowler is a person (``StoredGame/person``, or the id `lane records link` linked it to);
  /// a blind's or a vacancy's score is not a game bowled.
  /// - Parameter league: Only this league's games.
  public func averages(league: String? = nil) throws(StoreError) -> [BowlerAverage] {
    try readFolds("the averages") { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT COALESCE(l.linkedTo, g.person) AS who, COUNT(*) AS games, SUM(g.scratch) AS pins,
            g.bowler AS bowler, MAX(g.position)
          FROM game g LEFT JOIN personLink l ON l.person = g.person
          WHERE g.countsForAverage\(league == nil ? "" : " AND g.league = ?")
          GROUP BY who ORDER BY bowler, who
          """,
        arguments: StatementArguments(league.map { [$0] } ?? []))
      return rows.map { row in BowlerAverage(id: row["who"], bowler: row["bowler"], games: row["games"], pins: row["pins"]) }
    }
  }

  /// The average of the bowler `person` (an id as ``averages(league:)`` gives it), over
  /// their games and those of every id linked to it; `nil` when they have no game bowled.
  public func average(of person: String) throws(StoreError) -> BowlerAverage? {
    try readFolds("the average of \(person)") { db in
      let ids = try Self.ids(of: person, db)
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT COUNT(*) AS games, SUM(scratch) AS pins, bowler, MAX(position) FROM game
          WHERE countsForAverage AND person IN (\(databaseQuestionMarks(count: ids.count)))
          """,
        arguments: StatementArguments(ids))
      guard let row, let bowler: String = row["bowler"] else { return nil }
      return BowlerAverage(id: person, bowler: bowler, games: row["games"], pins: row["pins"])
    }
  }

  /// Every game of the bowler `person` and of every id linked to it, oldest first.
  public func history(of person: String) throws(StoreError) -> [StoredGame] {
    let decoder = JSONDecoder()
    return try readFolds("the games of \(person)") { db in
      let ids = try Self.ids(of: person, db)
      return try String.fetchAll(
        db,
        sql: "SELECT json FROM game WHERE person IN (\(databaseQuestionMarks(count: ids.count))) ORDER BY position",
        arguments: StatementArguments(ids)
      ).map { try decoder.decode(StoredGame.self, from: Data($0.utf8)) }
    }
  }

  /// `person` and the ids linked to it.
  private static func ids(of person: String, _ db: Database) throws -> [String] {
    [person] + (try String.fetchAll(db, sql: "SELECT person FROM personLink WHERE linkedTo = ?", arguments: [person]))
  }

  /// Each linked id and the id it is linked to.
  public func links() throws(StoreError) -> [String: String] {
    try readFolds("the linked bowlers") { db in
      Dictionary(
        uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT person, linkedTo FROM personLink").map { row in
          (row["person"] as String, row["linkedTo"] as String)
        })
    }
  }

  /// Links the bowler `person` to `other`: from now on `person`'s games are `other`'s
  /// (an open-play name that is a league bowler, or one person in two leagues). Ids linked
  /// to `person` follow it to `other`.
  ///
  /// - Throws: ``StoreError/unknownBowler(path:id:)`` when either has no game stored;
  ///   ``StoreError/sameBowler(path:id:other:)`` when `other` is `person` or linked to it;
  ///   ``StoreError/io(path:reason:)`` when it cannot be written.
  public func link(_ person: String, to other: String) throws(StoreError) {
    try refresh()
    do {
      try write { db in
        for id in [person, other] where try Int.fetchOne(db, sql: "SELECT 1 FROM game WHERE person = ? LIMIT 1", arguments: [id]) == nil {
          throw StoreError.unknownBowler(path: path, id: id)
        }
        let target = try String.fetchOne(db, sql: "SELECT linkedTo FROM personLink WHERE person = ?", arguments: [other]) ?? other
        guard target != person else { throw StoreError.sameBowler(path: path, id: person, other: other) }
        try db.execute(
          sql: "UPDATE personLink SET linkedTo = ? WHERE linkedTo = ?", arguments: [target, person])
        try db.execute(
          sql: """
            INSERT INTO personLink (person, linkedTo, linkedAt) VALUES (?, ?, ?)
            ON CONFLICT (person) DO UPDATE SET linkedTo = excluded.linkedTo, linkedAt = excluded.linkedAt
            """,
          arguments: [person, target, Date().timeIntervalSince1970])
      }
    } catch let error as StoreError {
      throw error
    } catch {
      throw .io(path: path, reason: "the link was not stored: \(error)")
    }
  }

  /// The league nights, in the order first stored, as the store sums them up (no night file).
  ///
  /// - Parameter league: Only this league's nights.
  public func nights(league: String? = nil) throws(StoreError) -> [StoredGames.StoredNight] {
    try readFolds("the league nights") { db in try Self.nights(league: league, db) }
  }

  /// The folded nights (of `league`, when given), in the order first stored.
  static func nights(league: String?, _ db: Database) throws -> [StoredGames.StoredNight] {
    let filter = league == nil ? "" : " WHERE league = ?"
    let arguments = StatementArguments(league.map { [$0] } ?? [])
    var teams: [String: [StoredGames.TeamNight]] = [:]
    let teamRows = try Row.fetchCursor(
      db, sql: "SELECT lane, session, name, scratch, withHandicap, points FROM nightTeam\(filter) ORDER BY position, team",
      arguments: arguments)
    while let row = try teamRows.next() {
      teams["\(row[0] as String) \(row[1] as String)", default: []].append(
        StoredGames.TeamNight(name: row[2], scratch: row[3], withHandicap: row[4], points: row[5]))
    }
    var nights: [StoredGames.StoredNight] = []
    let rows = try Row.fetchCursor(
      db, sql: "SELECT lane, session, league, games FROM night\(filter) ORDER BY position", arguments: arguments)
    while let row = try rows.next() {
      let (lane, session): (String, String) = (row[0], row[1])
      nights.append(
        StoredGames.StoredNight(
          pair: lane, session: session, league: row[2], games: row[3], teams: teams["\(lane) \(session)"] ?? []))
    }
    return nights
  }

  /// The leagues the store holds nights of, in the order first stored.
  public func leagues() throws(StoreError) -> [String] {
    try readFolds("the leagues") { db in
      try String.fetchAll(db, sql: "SELECT league FROM night GROUP BY league ORDER BY MIN(position)")
    }
  }

  /// The standings of `league`, as the last refresh that folded one of its nights made them
  /// (``keepStandings(of:_:)``).
  ///
  /// - Throws: ``LaneFailure``: the store's refusal, or 65 when the store holds no night of it.
  public func standings(league: String) throws(LaneFailure) -> LeagueStandings {
    do {
      let json = try readFolds("the standings of \(league)") { db in
        try String.fetchOne(db, sql: "SELECT json FROM leagueStandings WHERE league = ?", arguments: [league])
      }
      guard let json else { throw NoLeagueNight(league: league, known: try leagues()) }
      return try JSONDecoder().decode(LeagueStandings.self, from: Data(json.utf8))
    } catch {
      throw LaneFailure.of(error)
    }
  }

  /// The next night of `league`: its latest night (the latest session, on whichever pair)
  /// folded with its night file, each bowler's average their league average now.
  ///
  /// - Throws: ``LaneFailure``: the store's refusal, or 65 when the store holds no night of it.
  public func roster(league: String) throws(LaneFailure) -> LeagueRoster {
    do {
      // A session is its night's start time (ISO 8601, UTC): the latest sorts last.
      guard let latest = try nights(league: league).max(by: { $0.session < $1.session }) else {
        throw NoLeagueNight(league: league, known: try leagues())
      }
      let night = try fold(session: latest.session).nights.first { $0.pair == latest.pair } ?? latest
      return try LeagueRoster(league: league, latest: night, averages: averages(league: league))
    } catch {
      throw LaneFailure.of(error)
    }
  }

  /// Each session and night with its number of games, the latest stored first.
  public func sessions() throws(StoreError) -> [(lane: String, session: String, games: Int)] {
    try readFolds("the sessions") { db in
      try Row.fetchAll(
        db, sql: "SELECT lane, session, COUNT(*) AS games, MIN(position) AS first FROM game GROUP BY lane, session ORDER BY first DESC"
      ).map { row in (row["lane"] as String, row["session"] as String, row["games"] as Int) }
    }
  }

  /// The scoresheet of `session` on `lane` (a lane id, a pair `L+R`, or either lane of a pair).
  ///
  /// - Throws: ``LaneFailure``: the store's refusal, or 65 when the store has no game of it.
  public func sheet(lane: String, session: String) throws(LaneFailure) -> ScoreSheet {
    do {
      return try ScoreSheet(
        lane: lane, session: session, from: fold(session: session),
        sessions: sessions().map { ($0.lane, $0.session) })
    } catch {
      throw LaneFailure.of(error)
    }
  }

  /// The stored events of every lane's session `session`, folded whole, with each game's
  /// balls, the corrections and a night's file: what a scoresheet shows.
  public func fold(session: String) throws(StoreError) -> StoredGames {
    do {
      let payloads = try database.read { db in
        try String.fetchAll(db, sql: "SELECT payload FROM event WHERE session = ? ORDER BY lane, seq", arguments: [session])
      }
      return StoredGames(events: try Self.events(ofPayloads: payloads))
    } catch {
      throw .io(path: path, reason: "cannot read the session \(session): \(error)")
    }
  }
}
