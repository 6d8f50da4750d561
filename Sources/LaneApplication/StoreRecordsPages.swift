import CentreStore
import WebServer

/// The desk's store as `/records` pages (``RecordsPages``): read from the process's one open
/// store at each request, so they show what the desk stored up to that moment.
public struct StoreRecordsPages: RecordsPages {
  public let store: RecordStore

  /// Pages of `store`, opened once by the command that serves them.
  public init(store: RecordStore) {
    self.store = store
  }

  public func index() throws -> String {
    try RecordsIndex(of: store).html
  }

  public func sheet(lane: String, session: String) throws -> String? {
    let folded = try store.fold(session: session)
    return try? ScoreSheet(lane: lane, session: session, from: folded).html(paper: .a4)
  }

  public func bowler(id: String) throws -> String? {
    do {
      return try BowlerHistory(of: id, in: store).html
    } catch .unknownBowler {
      return nil
    }
  }

  public func roster(league: String) throws -> String? {
    (try? store.roster(league: league)).map { RosterNightFile.text(of: $0, league: league, store: store.path) }
  }
}
