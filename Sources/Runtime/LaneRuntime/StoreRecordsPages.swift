import CentreRecords
import CentreStore
import RecordsPresentation
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
    try answering { try RecordsIndex(of: store).html }
  }

  public func sheet(lane: String, session: String) throws -> String? {
    try answering {
      do {
        return try ScoreSheet(lane: lane, session: session, in: store).html(paper: .a4, styles: .linked)
      } catch is ScoreSheet.NoSheet {
        return nil
      }
    }
  }

  public func bowler(id: String) throws -> String? {
    try answering {
      do {
        return try BowlerHistory(of: id, in: store).html
      } catch StoreError.unknownBowler {
        return nil
      }
    }
  }

  public var stylesheets: [String: [UInt8]] {
    Dictionary(uniqueKeysWithValues: RecordsStyle.allCases.map { ($0.fileName, $0.bytes) })
  }

  public func roster(league: String) throws -> String? {
    try answering {
      do {
        return RosterNightFile.text(of: try store.roster(league: league), league: league, store: store.path)
      } catch is NoLeagueNight {
        return nil
      }
    }
  }

  /// `page`, or the store's failure as the page's answer: the one table from the store's
  /// errors, and the pages' templates', to HTTP (``RecordsPageError``).
  private func answering<Page>(_ page: () throws -> Page) throws -> Page {
    do {
      return try page()
    } catch let error as StoreError {
      switch error {
      case .io, .cannotWrite, .cannotCreate, .missing, .notARegularFile:
        // Busy, being written, or gone from under the desk: it may answer again later.
        throw RecordsPageError(.unavailable, error.description)
      case .damaged, .notOurs, .newerSchema, .unknownBowler, .sameBowler:
        throw RecordsPageError(.failed, error.description)
      }
    } catch let error as RecordsPageTemplate.Failure {
      throw RecordsPageError(.failed, error.description)
    }
  }
}
