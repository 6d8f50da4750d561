import Synchronization

/// The end of a league night started from the desk: the desk's `end-session` on either lane
/// of the pair asks for it (``PairRunner`` rule 6), and the pair's loop stops so that the
/// lanes go back to open play. A night started at the pair (`lane run --league`) has none:
/// it is ended there.
public final class DeskNightEnd: Sendable {
  private let asker = Mutex<String?>(nil)

  public init() {}

  /// Who asked for the end (a request's author, `desk/USER/ID`), once someone has.
  public var askedBy: String? { asker.withLock { $0 } }

  /// Asks for the end, as `author`; the first who asked is kept.
  public func ask(by author: String) {
    asker.withLock { $0 = $0 ?? author }
  }
}
