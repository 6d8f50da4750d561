import Centre
import CentreRecords
import Foundation
import GRDB

/// What `lane records` and the `/records` pages ask the store, read from its folds
/// (``refresh()``): games, averages, each bowler's history and links, league nights and
/// standings, the roster, and a session folded whole (what its scoresheet is made from).
extension RecordStore {
  /// Every game, in the order their sessions and nights were first stored; within one, by
  /// game number, then in bowling order (league nights: team by team, place by place).
  ///
  /// - Parameter league: Only this league's games.
  public func games(league: String? = nil) throws(StoreError) -> [StoredGame] {
    let decoder = JSONDecoder()
    return try readFolds("the stored games") { db in
      var request = GameRecord.select(GameRecord.Columns.json, as: String.self)
      if let league { request = request.filter(GameRecord.Columns.league == league) }
      return try request.order(GameRecord.Columns.position).fetchAll(db).map { try decoder.decode(StoredGame.self, from: Data($0.utf8)) }
    }
  }

  /// Why some stored records were not folded, origin by origin.
  public func foldProblems() throws(StoreError) -> [String] {
    try readFolds("what was not folded") { db in
      try FoldProblemRecord.select(FoldProblemRecord.Columns.description, as: String.self)
        .order(FoldProblemRecord.Columns.lane, FoldProblemRecord.Columns.session, Column.rowID)
        .fetchAll(db)
    }
  }

  /// Each bowler's average over their complete games bowled (USBC Rule 108), by name, then id.
  ///
  /// A bowler is a person (``StoredGame/person``, or the id `lane records link` linked it to);
  /// a blind's or a vacancy's score is not a game bowled.
  /// - Parameter league: Only this league's games.
  public func averages(league: String? = nil) throws(StoreError) -> [BowlerAverage] {
    try readFolds("the averages") { db in
      // SQL: a bowler is the id their games are linked to, else their own, and the query
      // interface has no COALESCE, nor a join on a column that is no declared foreign key.
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
      typealias Columns = GameRecord.Columns
      let ids = try Self.ids(of: person, db)
      // The bowler's name is that of their latest game: SQLite takes a bare column from the
      // row that gives MAX(position).
      let row = try Row.fetchOne(
        db,
        GameRecord
          .select(count(Column.rowID).forKey("games"), sum(Columns.scratch).forKey("pins"), Columns.bowler, max(Columns.position))
          .filter(Columns.countsForAverage && ids.contains(Columns.person)))
      guard let row, let bowler: String = row["bowler"] else { return nil }
      return BowlerAverage(id: person, bowler: bowler, games: row["games"], pins: row["pins"])
    }
  }

  /// Every game of the bowler `person` and of every id linked to it, oldest first.
  public func history(of person: String) throws(StoreError) -> [StoredGame] {
    let decoder = JSONDecoder()
    return try readFolds("the games of \(person)") { db in
      let ids = try Self.ids(of: person, db)
      return try GameRecord.select(GameRecord.Columns.json, as: String.self)
        .filter(ids.contains(GameRecord.Columns.person))
        .order(GameRecord.Columns.position)
        .fetchAll(db)
        .map { try decoder.decode(StoredGame.self, from: Data($0.utf8)) }
    }
  }

  /// `person` and the ids linked to it.
  private static func ids(of person: String, _ db: Database) throws -> [String] {
    [person]
      + (try PersonLinkRecord.select(PersonLinkRecord.Columns.person, as: String.self)
        .filter(PersonLinkRecord.Columns.linkedTo == person)
        .fetchAll(db))
  }

  /// Each linked id and the id it is linked to.
  public func links() throws(StoreError) -> [String: String] {
    try readFolds("the linked bowlers") { db in
      Dictionary(uniqueKeysWithValues: try PersonLinkRecord.fetchAll(db).map { ($0.person, $0.linkedTo) })
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
        for id in [person, other] where try GameRecord.filter(GameRecord.Columns.person == id).isEmpty(db) {
          throw StoreError.unknownBowler(path: path, id: id)
        }
        let target = try PersonLinkRecord.fetchOne(db, key: other)?.linkedTo ?? other
        guard target != person else { throw StoreError.sameBowler(path: path, id: person, other: other) }
        try PersonLinkRecord.filter(PersonLinkRecord.Columns.linkedTo == person)
          .updateAll(db, PersonLinkRecord.Columns.linkedTo.set(to: target))
        try PersonLinkRecord(person: person, linkedTo: target, linkedAt: Date().timeIntervalSince1970).upsert(db)
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
    var teamRequest = NightTeamRecord.order(NightTeamRecord.Columns.position, NightTeamRecord.Columns.team)
    var nightRequest = NightRecord.order(NightRecord.Columns.position)
    if let league {
      teamRequest = teamRequest.filter(NightTeamRecord.Columns.league == league)
      nightRequest = nightRequest.filter(NightRecord.Columns.league == league)
    }
    var teams: [String: [StoredGames.TeamNight]] = [:]
    let teamRows = try teamRequest.fetchCursor(db)
    while let team = try teamRows.next() {
      teams["\(team.lane) \(team.session)", default: []].append(
        StoredGames.TeamNight(name: team.name, scratch: team.scratch, withHandicap: team.withHandicap, points: team.points))
    }
    return try nightRequest.fetchAll(db).map { night in
      StoredGames.StoredNight(
        pair: night.lane, session: night.session, league: night.league, games: night.games,
        teams: teams["\(night.lane) \(night.session)"] ?? [])
    }
  }

  /// The leagues the store holds nights of, in the order first stored.
  public func leagues() throws(StoreError) -> [String] {
    try readFolds("the leagues") { db in
      try NightRecord.select(NightRecord.Columns.league, as: String.self)
        .group(NightRecord.Columns.league)
        .order(min(NightRecord.Columns.position))
        .fetchAll(db)
    }
  }

  /// The standings of `league`, as the last refresh that folded one of its nights made them
  /// (``keepStandings(of:_:)``).
  ///
  /// - Throws: ``StoreError``; ``NoLeagueNight`` when the store holds no night of it.
  public func standings(league: String) throws -> LeagueStandings {
    let json = try readFolds("the standings of \(league)") { db in
      try LeagueStandingsRecord.fetchOne(db, key: league)?.json
    }
    guard let json else { throw NoLeagueNight(league: league, known: try leagues()) }
    do {
      return try JSONDecoder().decode(LeagueStandings.self, from: Data(json.utf8))
    } catch {
      throw StoreError.io(path: path, reason: "cannot read the standings of \(league): \(error)")
    }
  }

  /// The next night of `league`: its latest night (the latest session, on whichever pair)
  /// folded with its night file, each bowler's average their league average now.
  ///
  /// - Throws: ``StoreError``; ``NoLeagueNight`` when the store holds no night of it.
  public func roster(league: String) throws -> LeagueRoster {
    // A session is its night's start time (ISO 8601, UTC): the latest sorts last.
    guard let latest = try nights(league: league).max(by: { $0.session < $1.session }) else {
      throw NoLeagueNight(league: league, known: try leagues())
    }
    let night = try fold(session: latest.session).nights.first { $0.pair == latest.pair } ?? latest
    return try LeagueRoster(league: league, latest: night, averages: averages(league: league))
  }

  /// Each session and night with its number of games, the latest stored first.
  public func sessions() throws(StoreError) -> [(lane: String, session: String, games: Int)] {
    try readFolds("the sessions") { db in
      typealias Columns = GameRecord.Columns
      return try Row.fetchAll(
        db,
        GameRecord.select(Columns.lane, Columns.session, count(Column.rowID).forKey("games"))
          .group(Columns.lane, Columns.session)
          .order(min(Columns.position).desc)
      ).map { row in (row[Columns.lane] as String, row[Columns.session] as String, row["games"] as Int) }
    }
  }

  /// The stored events of every lane's session `session`, folded whole, with each game's
  /// balls, the corrections and a night's file: what a scoresheet shows.
  public func fold(session: String) throws(StoreError) -> StoredGames {
    do {
      let payloads = try database.read { db in
        try EventRecord.select(EventRecord.Columns.payload, as: String.self)
          .filter(EventRecord.Columns.session == session)
          .order(EventRecord.Columns.lane, EventRecord.Columns.seq)
          .fetchAll(db)
      }
      return StoredGames(events: try Self.events(ofPayloads: payloads))
    } catch {
      throw .io(path: path, reason: "cannot read the session \(session): \(error)")
    }
  }
}
