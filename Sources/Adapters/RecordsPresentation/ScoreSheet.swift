import Bowling
import CentreRecords
import CentreStore
import Foundation

/// The auditable scoresheet of one lane's session or one league night (`lane records sheet`):
/// every game frame by frame with each delivery's exact pinfall (the pins set before it, those
/// it knocked down, those left, a foul), marks and running totals, a league's handicap, team
/// totals and points, and every correction with who made it, when and why. USBC asks an
/// approved scorer for "a printed record which can be audited frame by frame".
///
/// Pure: made from a store's folded games; ``html(paper:styles:)`` is the page to print.
public struct ScoreSheet: Sendable {
  /// The paper the page is laid out for (`@page size`).
  public enum Paper: String, Sendable, CaseIterable {
    case a4 = "A4"
    case letter
  }

  /// The lane, or a league night's pair (`7+8`).
  public var lane: String
  public var session: String
  /// The session's games, in the order the store lists them.
  public var games: [StoredGame]
  /// The night, for a league night's sheet.
  public var night: StoredGames.StoredNight?
  public var corrections: [StoredCorrection]

  /// Why there is no sheet.
  public struct NoSheet: Error, Hashable, Sendable, CustomStringConvertible {
    public var lane: String
    public var session: String
    /// The sessions the store holds of that lane, newest first, a few.
    public var known: [String]

    public var description: String {
      "the store holds no game of lane \(lane) in session \(session)"
        + (known.isEmpty ? "; it holds no session of that lane" : "; its sessions there include \(known.joined(separator: ", "))")
    }
  }

  /// The sheet of `session` on `lane`: a lane id, a pair `L+R`, or either lane of a pair.
  ///
  /// - Parameter sessions: Every session and night of the store, the latest first, for
  ///   the error's hint; `folded`'s when not given.
  /// - Throws: ``NoSheet`` when the store has no game of it.
  public init(
    lane: String, session: String, from folded: StoredGames, sessions: [(lane: String, session: String)]? = nil
  ) throws(NoSheet) {
    func matches(_ name: String) -> Bool { name == lane || name.split(separator: "+").contains { String($0) == lane } }
    let games = folded.games.filter { matches($0.lane) && $0.session == session }
    guard let first = games.first else {
      var known: [String] = []
      for entry in sessions ?? folded.games.reversed().map({ ($0.lane, $0.session) })
      where matches(entry.lane) && !known.contains(entry.session) {
        known.append(entry.session)
      }
      throw NoSheet(lane: lane, session: session, known: Array(known.prefix(5)))
    }
    self.lane = first.lane
    self.session = session
    self.games = games
    night = folded.nights.first { $0.pair == first.lane && $0.session == session }
    corrections = folded.corrections.filter { $0.lane == first.lane && $0.session == session }
  }

  /// The scoresheet of `session` on `lane` (a lane id, a pair `L+R`, or either lane of a
  /// pair) in `store`, the session folded whole.
  ///
  /// - Throws: ``StoreError``; ``NoSheet`` when the store has no game of it.
  public init(lane: String, session: String, in store: RecordStore) throws {
    try self.init(
      lane: lane, session: session, from: store.fold(session: session), sessions: store.sessions().map { ($0.lane, $0.session) })
  }

  /// The page to print: one section per game, kept whole on a page where it fits.
  ///
  /// - Parameter styles: Inline for a file that stands alone; linked for `/records`.
  /// - Throws: ``RecordsPageTemplate/Failure`` when its template cannot be used.
  public func html(
    paper: Paper, styles: RecordsStyle.Placement = .inline
  ) throws(RecordsPageTemplate.Failure) -> String {
    let head = RecordsStyle.head([.sheet, paper == .a4 ? .a4 : .letter], styles)
    return try RecordsPageTemplate.sheet.render(page(styles: head))
  }

  /// The sheet's heading.
  public var title: String {
    if let night { "\(night.league): league night on lanes \(night.pair)" } else { "Lane \(lane): session" }
  }

  /// The line under the heading: the session, and what the sheet holds.
  var facts: String {
    // A vacancy (no name) is nobody; a lone unnamed bowler of open play is one.
    let bowlers = Set(games.filter { $0.league?.kind != "vacancy" }.map(\.bowler)).count
    return "Session \(session) (started, UTC). \(games.count) games of \(bowlers) bowlers; "
      + "\(corrections.count) corrections. Every delivery's pins are as the lane's journal recorded them."
  }

  /// A rack's standing pins as numbers, `1 2 4 7`; `-` for none; the count when unknown.
  static func pins(_ rack: Rack) -> String {
    guard let pins = rack.pins else { return "\(rack.count) pins" }
    return pins.isEmpty ? "-" : Self.pins(pins)
  }

  static func pins(_ set: PinSet) -> String {
    set.isEmpty ? "-" : Pin.allCases.filter { set.contains($0) }.map { String($0.rawValue) }.joined(separator: " ")
  }

  static func time(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }
}
