import Wiring

/// What re-checking a wiring file found: lines that answer for another pin than the file
/// says, lines whose idle level no longer fits their active level, and chatter that has
/// outgrown the bounce window.
public struct CheckReport: Hashable, Sendable {
  /// A pin or signal whose line is not the one the file says.
  public struct Mismatch: Hashable, Sendable {
    public var role: Wiring.Role
    /// The line the file gives it.
    public var expected: Int
    /// The line that changed when it was knocked.
    public var found: Int
  }

  /// A line whose level with the rack standing says the other active level than the file.
  public struct IdleDrift: Hashable, Sendable {
    public var role: Wiring.Role
    public var offset: Int
    /// The idle level the file's `active-low` implies.
    public var expected: LineLevel
    /// The idle level read now.
    public var found: LineLevel
  }

  /// The file's bounce window, which chatter is compared with.
  public var bounce: Duration

  /// Pins and signals on other lines than the file says.
  public var mismatches: [Mismatch] = []

  /// Lines whose idle level drifted from the file's active level.
  public var idleDrift: [IdleDrift] = []

  /// What was measured now.
  public var measurements = Measurements()

  /// Pin lines whose chatter now lasts longer than the file's bounce window.
  public var chatterDrift: [Measurements.Line] {
    measurements.lines.filter { $0.longestChatter >= bounce }
  }

  /// Whether the file still fits the lane: same lines, same levels, chatter inside the
  /// bounce window, no stuck or noisy lines.
  public var isClean: Bool {
    mismatches.isEmpty && idleDrift.isEmpty && chatterDrift.isEmpty
      && measurements.stuck.isEmpty && measurements.noisyLines.isEmpty
  }
}
