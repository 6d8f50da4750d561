import Synchronization

/// What a link handed its handlers (a display's events, a desk's lines and reports), from
/// their threads, for a test to look at.
public final class Collected<Element: Sendable>: Sendable {
  private let items = Mutex<[Element]>([])

  public init() {}

  /// Everything appended so far, in order.
  public var all: [Element] { items.withLock { $0 } }

  public func append(_ item: Element) {
    items.withLock { $0.append(item) }
  }
}
