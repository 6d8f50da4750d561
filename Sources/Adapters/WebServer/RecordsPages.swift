/// The centre's records as pages under `/records`, from the desk's store: made outside this
/// module (LaneRuntime's `StoreRecordsPages`), served by ``BoardServer``; a page that
/// cannot be made throws ``RecordsPageError``.
public protocol RecordsPages: Sendable {
  /// `/records`: each bowler's average, each league's standings and high scores, and every
  /// session and night with a link to its sheet.
  func index() throws -> String
  /// `/records/sheet?lane=LANE&session=SESSION`: the session's scoresheet, or `nil` when the
  /// store has no such session.
  func sheet(lane: String, session: String) throws -> String?
  /// `/records/bowler?id=ID`: every game of the bowler with the average after each, or
  /// `nil` when the store has no game of theirs.
  func bowler(id: String) throws -> String?
  /// `/records/roster?league=NAME`: the league's next night file, each average the bowler's
  /// league average now, or `nil` when the store has no night of the league.
  func roster(league: String) throws -> String?
  /// The pages' styles by file name, served at `/records/styles/<name>`, where the pages
  /// link them: the records' Content-Security-Policy takes no inline style.
  var stylesheets: [String: [UInt8]] { get }
}

/// Why a records page cannot be made now, as ``BoardServer`` answers it: 503 when the store
/// may answer later (busy, being written, unreadable for now), 500 when it cannot.
public struct RecordsPageError: Error, Sendable, CustomStringConvertible {
  /// How the server answers it.
  public enum Kind: Sendable {
    /// 503 Service Unavailable.
    case unavailable
    /// 500 Internal Server Error.
    case failed
  }

  public var kind: Kind
  /// What the page says instead, for the desk's staff.
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
