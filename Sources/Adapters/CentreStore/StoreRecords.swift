import GRDB

// The store's tables as GRDB record types (docs/records.md has the schema): each row a
// value, each column named once, queried through GRDB's query interface.

/// A row of `event`: one journal record as the centre link carried it, stored once by
/// (lane, session, seq); `id` is the order the desk stored it in.
struct EventRecord: Codable, Hashable, FetchableRecord, MutablePersistableRecord, TableRecord {
  static let databaseTableName = "event"

  var id: Int64?
  var lane: String
  var session: String
  var seq: Int
  var type: String
  /// A league night's pair, else `nil`.
  var pairLeft: String?
  var pairRight: String?
  /// The event as the centre link carried it, as JSON, its record inside.
  var payload: String
  /// Seconds since 1970, the desk's clock.
  var storedAt: Double

  enum Columns {
    static let id = Column(CodingKeys.id)
    static let lane = Column(CodingKeys.lane)
    static let session = Column(CodingKeys.session)
    static let seq = Column(CodingKeys.seq)
    static let pairLeft = Column(CodingKeys.pairLeft)
    static let pairRight = Column(CodingKeys.pairRight)
    static let payload = Column(CodingKeys.payload)
  }

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}

/// The row of `foldedThrough`: the last event the folds were brought up to.
struct FoldedThroughRecord: Codable, Hashable, FetchableRecord, PersistableRecord, TableRecord {
  static let databaseTableName = "foldedThrough"

  /// Always 1: the table holds one row.
  var id = 1
  var event: Int64

  enum Columns {
    static let event = Column(CodingKeys.event)
  }
}

/// A row of `game`: one folded game under its origin (a lane's session, or a night's pair).
struct GameRecord: Codable, Hashable, FetchableRecord, PersistableRecord, TableRecord {
  static let databaseTableName = "game"

  var lane: String
  var session: String
  /// The fold's order: the origin's first event id × 4096 + the game's place in its fold.
  var position: Int64
  var bowler: String
  /// The bowler's id (``StoredGame/person``).
  var person: String
  var number: Int
  var league: String?
  var team: String?
  var kind: String
  var scratch: Int
  var handicap: Int
  var total: Int
  var complete: Bool
  var countsForAverage: Bool
  /// The game as `lane records games --json` prints it.
  var json: String

  enum Columns {
    static let lane = Column(CodingKeys.lane)
    static let session = Column(CodingKeys.session)
    static let position = Column(CodingKeys.position)
    static let bowler = Column(CodingKeys.bowler)
    static let person = Column(CodingKeys.person)
    static let number = Column(CodingKeys.number)
    static let league = Column(CodingKeys.league)
    static let kind = Column(CodingKeys.kind)
    static let scratch = Column(CodingKeys.scratch)
    static let total = Column(CodingKeys.total)
    static let complete = Column(CodingKeys.complete)
    static let countsForAverage = Column(CodingKeys.countsForAverage)
    static let json = Column(CodingKeys.json)
  }
}

/// A row of `night`: one folded league night, under its pair and session.
struct NightRecord: Codable, Hashable, FetchableRecord, PersistableRecord, TableRecord {
  static let databaseTableName = "night"

  var lane: String
  var session: String
  /// The night's origin's first event id: the order first stored.
  var position: Int64
  var league: String
  var games: Int

  enum Columns {
    static let lane = Column(CodingKeys.lane)
    static let session = Column(CodingKeys.session)
    static let position = Column(CodingKeys.position)
    static let league = Column(CodingKeys.league)
  }
}

/// A row of `nightTeam`: one team's totals of a folded night.
struct NightTeamRecord: Codable, Hashable, FetchableRecord, PersistableRecord, TableRecord {
  static let databaseTableName = "nightTeam"

  var lane: String
  var session: String
  /// The team's place in the night file.
  var team: Int
  var league: String
  var position: Int64
  var name: String
  var scratch: Int
  var withHandicap: Int
  /// `nil` while the night is unfinished.
  var points: Double?

  enum Columns {
    static let lane = Column(CodingKeys.lane)
    static let session = Column(CodingKeys.session)
    static let team = Column(CodingKeys.team)
    static let league = Column(CodingKeys.league)
    static let position = Column(CodingKeys.position)
  }
}

/// A row of `leagueStandings`: a league's standings as JSON, kept by the last fold of one of
/// its nights.
struct LeagueStandingsRecord: Codable, Hashable, FetchableRecord, PersistableRecord, TableRecord {
  static let databaseTableName = "leagueStandings"

  var league: String
  var json: String

  enum Columns {
    static let league = Column(CodingKeys.league)
  }
}

/// A row of `foldProblem`: why some of an origin's records were not folded.
struct FoldProblemRecord: Codable, Hashable, FetchableRecord, PersistableRecord, TableRecord {
  static let databaseTableName = "foldProblem"

  var lane: String
  var session: String
  var description: String

  enum Columns {
    static let lane = Column(CodingKeys.lane)
    static let session = Column(CodingKeys.session)
    static let description = Column(CodingKeys.description)
  }
}

/// A row of `personLink`: a bowler id that is another's (`lane records link`).
struct PersonLinkRecord: Codable, Hashable, FetchableRecord, PersistableRecord, TableRecord {
  static let databaseTableName = "personLink"

  var person: String
  var linkedTo: String
  /// Seconds since 1970, the desk's clock.
  var linkedAt: Double

  enum Columns {
    static let person = Column(CodingKeys.person)
    static let linkedTo = Column(CodingKeys.linkedTo)
  }
}

/// A row of `faultAcknowledgement`: a lane's fault a desk user acknowledged.
struct FaultAcknowledgementRecord: Codable, Hashable, FetchableRecord, PersistableRecord, TableRecord {
  static let databaseTableName = "faultAcknowledgement"

  var lane: String
  var fault: String
  var acknowledgedBy: String
  /// ISO 8601, UTC.
  var acknowledgedAt: String

  enum Columns {
    static let lane = Column(CodingKeys.lane)
    static let fault = Column(CodingKeys.fault)
  }
}
