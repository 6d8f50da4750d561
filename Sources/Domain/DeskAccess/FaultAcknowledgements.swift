import Centre

/// Which of the lanes' faults a desk user has acknowledged: seen, by whom and when. A fault
/// stays in its lane's status until the lane clears it; acknowledging it tells the other
/// clerks someone is on it, and a new fault stands out again.
///
/// Pure: the time is given as text (the wall clock the page shows).
public struct FaultAcknowledgements: Sendable, Equatable {
  /// One fault acknowledged.
  public typealias Acknowledgement = FaultAcknowledgement

  private var acknowledged: [String: [String: Acknowledgement]] = [:]

  public init() {}

  /// The acknowledgements `kept` before (the desk's store, across a restart).
  public init(_ kept: [Acknowledgement]) {
    for acknowledgement in kept {
      acknowledged[acknowledgement.lane, default: [:]][acknowledgement.fault] = acknowledgement
    }
  }

  /// Every acknowledgement held, by lane, then fault: what to keep.
  public var all: [Acknowledgement] {
    acknowledged.keys.sorted().flatMap { lane in
      (acknowledged[lane] ?? [:]).keys.sorted().compactMap { acknowledged[lane]?[$0] }
    }
  }

  /// Acknowledges `fault` of `lane` as `user`'s at `time`, if it is one of the lane's
  /// current `faults`.
  ///
  /// - Returns: The acknowledgement, the first one's when it was acknowledged before; `nil`
  ///   when the lane has no such fault now.
  public mutating func acknowledge(
    _ fault: String, of lane: String, current faults: [String], by user: String, at time: String
  ) -> Acknowledgement? {
    guard faults.contains(fault) else { return nil }
    forgetCleared(of: lane, current: faults)
    if let earlier = acknowledged[lane]?[fault] { return earlier }
    let acknowledgement = Acknowledgement(lane: lane, fault: fault, by: user, at: time)
    acknowledged[lane, default: [:]][fault] = acknowledgement
    return acknowledgement
  }

  /// Forgets the acknowledgements of `lane`'s faults that are no longer among its `current`
  /// ones: a fault that comes back is new.
  public mutating func forgetCleared(of lane: String, current faults: [String]) {
    guard let known = acknowledged[lane] else { return }
    let kept = known.filter { faults.contains($0.key) }
    acknowledged[lane] = kept.isEmpty ? nil : kept
  }

  /// Every acknowledgement of a fault still current, lane by lane in the order the lane
  /// reports them; those of faults cleared since are forgotten, so a fault that comes back
  /// is new. A lane `faults` does not know (`nil`: not heard of yet, as after the desk's
  /// restart) keeps its acknowledgements, unlisted, until it is heard of.
  public mutating func current(faults: (String) -> [String]?) -> [Acknowledgement] {
    for lane in Array(acknowledged.keys) {
      if let current = faults(lane) { forgetCleared(of: lane, current: current) }
    }
    return acknowledged.keys.sorted().flatMap { lane in (faults(lane) ?? []).compactMap { acknowledged[lane]?[$0] } }
  }
}
