extension LaneSession {
  /// What a session is made of, without what can be recomputed: the bowlers, the deliveries
  /// that count, and how to take back each change that can still be undone.
  ///
  /// A checkpoint of a lane's journal keeps a snapshot so that a resume replays the
  /// deliveries in memory instead of decoding every record of the journal again.
  public struct Snapshot: Hashable, Sendable {
    /// One change that can still be undone: how many deliveries counted before it, and the
    /// last delivery before it when it replaced or removed one (`nil` when it appended one).
    public struct Undo: Hashable, Sendable {
      public var count: Int
      public var last: Throw?

      public init(count: Int, last: Throw?) {
        self.count = count
        self.last = last
      }
    }

    public var bowlers: [String]
    public var deliveries: [Throw]
    /// Latest last.
    public var undo: [Undo]

    public init(bowlers: [String], deliveries: [Throw], undo: [Undo]) {
      self.bowlers = bowlers
      self.deliveries = deliveries
      self.undo = undo
    }
  }

  /// The session's snapshot, from which ``init(snapshot:)`` makes an equal session.
  public var snapshot: Snapshot {
    Snapshot(
      bowlers: bowlers, deliveries: deliveries,
      undo: undoable.map { Snapshot.Undo(count: $0.count, last: $0.last) })
  }

  /// The session a snapshot describes: its deliveries bowled in turn, its undo steps kept.
  ///
  /// - Throws: ``SessionError`` when the deliveries do not make games, or an undo step is
  ///   impossible: the snapshot is not one a session made.
  public init(snapshot: Snapshot) throws(SessionError) {
    self.init(bowlers: snapshot.bowlers)
    for delivery in snapshot.deliveries { try record(delivery) }
    // A step may count more deliveries than are left (a dead ball removed one), never fewer
    // than it takes back.
    for step in snapshot.undo where step.count < (step.last == nil ? 0 : 1) {
      throw .nothingToUndo
    }
    undoable = snapshot.undo.map { UndoStep(count: $0.count, last: $0.last) }
  }
}
