import GRDB

/// The store's schema, one migrator step per version (docs/records.md); a file with a step
/// this list lacks was written by a newer LaneBridge and is refused.
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
    return migrator
  }

  /// The steps this build knows, oldest first.
  static var steps: [String] { migrator.migrations }
}
