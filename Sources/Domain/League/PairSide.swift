/// One lane of a pair, as the pair's owners name them looking from the approach.
public enum PairSide: String, CaseIterable, Hashable, Sendable, Comparable {
  case left
  case right

  /// The pair's other lane.
  public var other: PairSide { self == .left ? .right : .left }

  public static func < (lhs: PairSide, rhs: PairSide) -> Bool { lhs == .left && rhs == .right }
}
