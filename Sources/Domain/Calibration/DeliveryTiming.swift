import LaneSensing

/// How the pins fell in test deliveries: how many deliveries there were and the longest pause
/// between two falls within one, which the settle window must outlast.
///
/// A delivery starts when a pin falls from a full rack and ends when the rack is full again.
public struct DeliveryTiming: Hashable, Sendable {
  /// Deliveries that started and ended (the rack was full again).
  public private(set) var completed = 0

  /// The longest pause between two consecutive falls within one delivery; `nil` until a
  /// delivery had two falls.
  public private(set) var longestPause: Duration?

  /// Works the timing out from the pins' lines' runs of changes.
  ///
  /// - Parameters:
  ///   - bursts: The runs of the pin lines, ordered by start (``LineBurst/bursts(of:gap:)``).
  ///   - standingLevel: Each pin line's level with its pin standing (its idle level).
  public init(bursts: [LineBurst], standingLevel: [Int: LineLevel]) {
    var down: Set<Int> = []
    var lastFall: SensorInstant?
    for burst in bursts {
      guard let standing = standingLevel[burst.offset] else { continue }
      if burst.level == standing {
        down.remove(burst.offset)
        if down.isEmpty, lastFall != nil {
          completed += 1
          lastFall = nil
        }
      } else {
        down.insert(burst.offset)
        if let previous = lastFall {
          longestPause = max(longestPause ?? .zero, burst.start - previous)
        }
        lastFall = burst.start
      }
    }
  }
}
