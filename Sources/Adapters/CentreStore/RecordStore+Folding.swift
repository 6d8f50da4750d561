import Centre
import CentreRecords
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
          try FoldedThroughRecord.fetchOne(db)?.event ?? 0,
          try EventRecord.select(max(EventRecord.Columns.id), as: Int64.self).fetchOne(db) ?? 0
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
        // Another reader of the process may have folded further meanwhile.
        let kept = try FoldedThroughRecord.fetchOne(db)?.event ?? 0
        try FoldedThroughRecord(event: Swift.max(kept, last)).upsert(db)
      }
      return origins.count
    } catch {
      throw .io(path: path, reason: "cannot fold the stored events into games: \(error)")
    }
  }

  /// The origins with an event whose id is in `through+1...last`, in the order stored.
  private static func origins(_ db: Database, storedAfter through: Int64, upTo last: Int64) throws -> [Origin] {
    typealias Columns = EventRecord.Columns
    let groups = try Row.fetchAll(
      db,
      EventRecord
        .select(Columns.lane, Columns.session, min(Columns.id).forKey("first"))
        .filter(Columns.id > through && Columns.id <= last)
        .group(Columns.lane, Columns.session)
        .order(SQL("first")))
    var origins: [Origin] = []
    var seen: Set<Origin> = []
    for group in groups {
      let lane: String = group[Columns.lane]
      let session: String = group[Columns.session]
      let pair = try EventRecord
        .filter(Columns.lane == lane && Columns.session == session && Columns.pairLeft != nil)
        .fetchOne(db)
      let origin =
        if let pair, let left = pair.pairLeft, let right = pair.pairRight {
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
      try NightRecord.select(NightRecord.Columns.league, as: String.self)
        .filter(NightRecord.Columns.lane == origin.lane && NightRecord.Columns.session == origin.session)
        .fetchAll(db))
    let events = try EventRecord
      .filter(EventRecord.Columns.session == origin.session && origin.eventLanes.contains(EventRecord.Columns.lane))
      .order(EventRecord.Columns.lane, EventRecord.Columns.seq)
      .fetchAll(db)
    let first = events.compactMap(\.id).min() ?? 0
    let folded = StoredGames(events: try Self.events(ofPayloads: events.map(\.payload)))
    try GameRecord.filter(GameRecord.Columns.lane == origin.lane && GameRecord.Columns.session == origin.session)
      .deleteAll(db)
    try NightRecord.filter(NightRecord.Columns.lane == origin.lane && NightRecord.Columns.session == origin.session)
      .deleteAll(db)
    try NightTeamRecord
      .filter(NightTeamRecord.Columns.lane == origin.lane && NightTeamRecord.Columns.session == origin.session)
      .deleteAll(db)
    try FoldProblemRecord
      .filter(FoldProblemRecord.Columns.lane == origin.lane && FoldProblemRecord.Columns.session == origin.session)
      .deleteAll(db)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for (index, game) in folded.games.enumerated() {
      try GameRecord(
        lane: origin.lane, session: origin.session, position: first * 4096 + Int64(min(index, 4095)),
        bowler: game.bowler, person: game.person, number: game.game, league: game.league?.name,
        team: game.league?.team, kind: game.league?.kind ?? "bowled", scratch: game.total,
        handicap: game.league?.handicap ?? 0, total: game.league?.withHandicap ?? game.total,
        complete: game.complete, countsForAverage: game.countsForAverage && !game.bowler.isEmpty,
        json: String(decoding: try encoder.encode(game), as: UTF8.self)
      ).insert(db)
    }
    for night in folded.nights {
      try NightRecord(lane: origin.lane, session: origin.session, position: first, league: night.league, games: night.games)
        .insert(db)
      for (index, team) in night.teams.enumerated() {
        try NightTeamRecord(
          lane: origin.lane, session: origin.session, team: index, league: night.league, position: first,
          name: team.name, scratch: team.scratch, withHandicap: team.withHandicap, points: team.points
        ).insert(db)
      }
    }
    for problem in folded.problems {
      try FoldProblemRecord(lane: origin.lane, session: origin.session, description: problem.description).insert(db)
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
    typealias Columns = GameRecord.Columns
    // Without their frames (`json`): a season's league games are many.
    var games: [StoredGame] = []
    let rows = try Row.fetchCursor(
      db,
      GameRecord
        .select(Columns.lane, Columns.session, Columns.bowler, Columns.number, Columns.scratch, Columns.total)
        .filter(Columns.league == league && Columns.kind == "bowled" && Columns.complete)
        .order(Columns.position))
    while let row = try rows.next() {
      let (scratch, total): (Int, Int) = (row[Columns.scratch], row[Columns.total])
      games.append(
        StoredGame(
          lane: row[Columns.lane], session: row[Columns.session], bowler: row[Columns.bowler], game: row[Columns.number],
          total: scratch, complete: true, frames: [],
          league: StoredGame.League(name: league, team: "", handicap: total - scratch, withHandicap: total, kind: "bowled")))
    }
    let nights = try nights(league: league, db)
    guard !nights.isEmpty else {
      try LeagueStandingsRecord.deleteOne(db, key: league)
      return
    }
    let standings = try LeagueStandings(league: league, nights: nights, games: games, known: [league])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try LeagueStandingsRecord(league: league, json: String(decoding: try encoder.encode(standings), as: UTF8.self))
      .upsert(db)
  }

  /// `payloads`, the `payload` column of stored events, as the events they hold.
  static func events(ofPayloads payloads: [String]) throws -> [Payload.Event] {
    let decoder = JSONDecoder()
    return try payloads.map { try decoder.decode(Payload.Event.self, from: Data($0.utf8)) }
  }
}
