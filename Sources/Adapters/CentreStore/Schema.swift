import GRDB

/// The store's schema, one migrator step per version (docs/records.md); a file with a step
/// this list lacks was written by a newer LaneBridge and is refused.
///
/// The steps are SQL, not GRDB's `create(table:)`: a step that shipped must run the very
/// statements it ran then, whatever a later GRDB would write for the same call, and
/// docs/records.md quotes them. The tables' record types are in `StoreRecords.swift`.
enum Schema {
  /// Every step, oldest first. Append; never change or remove a step that shipped.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1 events") { db in
      // One row per (lane, session, seq): the event as the centre link carried it, its
      // journal record inside. `id` is the order the desk stored them in.
      try db.execute(
        sql: """
          CREATE TABLE event (
            id INTEGER PRIMARY KEY,
            lane TEXT NOT NULL,
            session TEXT NOT NULL,
            seq INTEGER NOT NULL CHECK (seq >= 1),
            type TEXT NOT NULL,
            pairLeft TEXT,
            pairRight TEXT,
            payload TEXT NOT NULL,
            storedAt REAL NOT NULL,
            UNIQUE (lane, session, seq)
          )
          """)
    }
    migrator.registerMigration("v2 folded games") { db in
      // What `lane records` answers from, folded from the events and kept current by
      // `RecordStore.refresh()`: one row per game and per league night, each under its
      // origin (a lane's session, or a night's pair "L+R" and session), refolded whole when
      // an event of the origin arrives, and each league's standings, worked out again when
      // one of its nights is. `position` is the fold order: the origin's first event id ×
      // 4096 + the game's place in the origin's fold.
      try db.execute(
        sql: """
          CREATE INDEX eventBySession ON event (session);
          CREATE TABLE foldedThrough (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            event INTEGER NOT NULL
          );
          CREATE TABLE game (
            lane TEXT NOT NULL,
            session TEXT NOT NULL,
            position INTEGER NOT NULL UNIQUE,
            bowler TEXT NOT NULL,
            person TEXT NOT NULL,
            number INTEGER NOT NULL,
            league TEXT,
            team TEXT,
            kind TEXT NOT NULL,
            scratch INTEGER NOT NULL,
            handicap INTEGER NOT NULL,
            total INTEGER NOT NULL,
            complete INTEGER NOT NULL,
            countsForAverage INTEGER NOT NULL,
            json TEXT NOT NULL
          );
          CREATE INDEX gameByOrigin ON game (lane, session);
          CREATE INDEX gameByPerson ON game (person, position);
          CREATE INDEX gameByLeague ON game (league, position) WHERE league IS NOT NULL;
          CREATE TABLE night (
            lane TEXT NOT NULL,
            session TEXT NOT NULL,
            position INTEGER NOT NULL,
            league TEXT NOT NULL,
            games INTEGER NOT NULL,
            PRIMARY KEY (lane, session)
          );
          CREATE INDEX nightByLeague ON night (league, position);
          CREATE TABLE nightTeam (
            lane TEXT NOT NULL,
            session TEXT NOT NULL,
            team INTEGER NOT NULL,
            league TEXT NOT NULL,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            scratch INTEGER NOT NULL,
            withHandicap INTEGER NOT NULL,
            points REAL,
            PRIMARY KEY (lane, session, team)
          );
          CREATE INDEX nightTeamByLeague ON nightTeam (league, position, team);
          CREATE TABLE leagueStandings (
            league TEXT PRIMARY KEY,
            json TEXT NOT NULL
          );
          CREATE TABLE foldProblem (
            lane TEXT NOT NULL,
            session TEXT NOT NULL,
            description TEXT NOT NULL
          );
          CREATE INDEX foldProblemByOrigin ON foldProblem (lane, session);
          CREATE TABLE personLink (
            person TEXT PRIMARY KEY,
            linkedTo TEXT NOT NULL,
            linkedAt REAL NOT NULL
          );
          """)
    }
    migrator.registerMigration("v3 fault acknowledgements") { db in
      // The lanes' faults desk users acknowledged on the desk's page, kept across the desk's
      // restarts (`RecordStore.keepFaultAcknowledgements(_:)`); a fault the lane no longer
      // reports is forgotten by the desk and then here.
      try db.execute(
        sql: """
          CREATE TABLE faultAcknowledgement (
            lane TEXT NOT NULL,
            fault TEXT NOT NULL,
            acknowledgedBy TEXT NOT NULL,
            acknowledgedAt TEXT NOT NULL,
            PRIMARY KEY (lane, fault)
          )
          """)
    }
    return migrator
  }

  /// The steps this build knows, oldest first.
  static var steps: [String] { migrator.migrations }
}
