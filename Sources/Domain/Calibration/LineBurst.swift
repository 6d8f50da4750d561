import LaneSensing

/// A run of changes on one line with no pause longer than a gap between them: one press or
/// release of a contact, with its chatter.
public struct LineBurst: Hashable, Sendable {
  /// The line's offset.
  public var offset: Int

  /// The first change of the run.
  public var start: SensorInstant

  /// The last change of the run, when the contact came to rest.
  public var end: SensorInstant

  /// How many changes the run holds: 1 for a clean change.
  public var changes: Int

  /// The level the line rested at.
  public var level: LineLevel

  /// How long the contact chattered: from the first change of the run to its last.
  public var chatter: Duration { end - start }

  /// Groups each line's changes into runs separated by pauses longer than `gap`.
  ///
  /// - Parameters:
  ///   - changes: Changes of any lines, in the order they happened.
  ///   - gap: The longest pause inside one run; contact chatter is far shorter.
  /// - Returns: The runs of every line, ordered by their start (then by offset).
  public static func bursts(of changes: [LineChange], gap: Duration) -> [LineBurst] {
    var open: [Int: LineBurst] = [:]
    var closed: [LineBurst] = []
    for change in changes {
      if var burst = open[change.offset], change.time - burst.end <= gap {
        burst.end = change.time
        burst.changes += 1
        burst.level = change.level
        open[change.offset] = burst
      } else {
        if let finished = open[change.offset] { closed.append(finished) }
        open[change.offset] = LineBurst(
          offset: change.offset, start: change.time, end: change.time, changes: 1,
          level: change.level)
      }
    }
    closed.append(contentsOf: open.values)
    return closed.sorted { ($0.start, $0.offset) < ($1.start, $1.offset) }
  }
}
