import CentreStore
import WebServer

/// The desk's store as `/records` pages (``RecordsPages``): read afresh for each page, so
/// they show what the desk stored up to that moment.
public struct StoreRecordsPages: RecordsPages {
  public let path: String

  /// Pages of the store at `path`, which must exist when a page is asked for.
  public init(storeAt path: String) {
    self.path = path
  }

  public func index() throws -> String {
    try RecordsIndex(storeAt: path).html
  }

  public func sheet(lane: String, session: String) throws -> String? {
    try RecordStore.reading(at: path) { store in
      try? ScoreSheet(lane: lane, session: session, from: store.fold(session: session)).html(paper: .a4)
    }
  }

  public func bowler(id: String) throws -> String? {
    try RecordStore.reading(at: path) { store in try? BowlerHistory(of: id, in: store).html }
  }

  public func roster(league: String) throws -> String? {
    try RecordStore.reading(at: path) { store in
      (try? store.roster(league: league)).map { RosterNightFile.text(of: $0, league: league, store: path) }
    }
  }
}
