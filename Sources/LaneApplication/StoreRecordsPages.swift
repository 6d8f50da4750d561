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
    try RecordsIndex(StoredGames(events: RecordsReport.events(storeAt: path))).html
  }

  public func sheet(lane: String, session: String) throws -> String? {
    let folded = StoredGames(events: try RecordsReport.events(storeAt: path))
    return try? ScoreSheet(lane: lane, session: session, from: folded).html(paper: .a4)
  }
}
