import League
import LaneSensing

/// Something that happened at a pair playing a league night, as the pair's displays receive
/// it, with the night it leaves behind (``PairDisplay/show(_:in:)``).
///
/// Every event carries ``sequence``, the number of the pair journal's record it came from
/// (or, for what is not journalled, the last record before it).
public struct PairEvent: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// The pair started, stopped or its sensors ended.
    case status(LaneEvent.Status)
    /// The night's delivery `number` (from 1) was journalled and scored on `lane`, from
    /// the throw its detector saw (for the lane's health monitor).
    case delivered(lane: PairSide, number: Int, detected: DetectedThrow)
    /// A throw on `lane` after the night's last turn there: counted, not scored.
    case afterTheNight(lane: PairSide)
    /// A correction or an undo was journalled: what it did, who asked and why.
    case corrected(what: String, by: String, why: String)
    /// Something on a lane needs the technician's attention.
    case warning(lane: PairSide, LaneWarning)
    /// A message for the scorer: why a typed line was refused, or the commands.
    case notice(String)
  }

  public var kind: Kind
  public var sequence: Int

  public init(_ kind: Kind, sequence: Int) {
    self.kind = kind
    self.sequence = sequence
  }
}

/// Where a pair's events are shown: the log, the end-of-night report, the boards.
///
/// ``PairRunner`` hands each event over after its record is durable, in order.
public protocol PairDisplay {
  /// Shows one event; what it throws stops the pair.
  mutating func show(_ event: PairEvent, in play: LeaguePlay) throws
}
