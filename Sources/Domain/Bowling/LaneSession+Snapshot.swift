extension LaneSession {
  /// What a session is made of, without what can be recomputed: the bowlers, each bowler's
  /// summarised games, the deliveries that count in the games kept whole, and how to take
  /// back each change that can still be undone.
  ///
  /// A checkpoint of a lane's journal keeps a snapshot so that a resume replays only the
  /// open games' deliveries in memory instead of decoding every record of the journal again.
  /// Its size does not grow with the session but for a few bytes per summarised game.
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
    /// Each bowler's summarised games, in the order of ``bowlers``; every bowler has as many.
    public var earlier: [[GameSeries.Summary]]
    /// How many deliveries the summarised games hold.
    public var summarisedDeliveries: Int
    /// The deliveries that count in the games kept whole.
    public var deliveries: [Throw]
    /// Latest last.
    public var undo: [Undo]

    public init(
      bowlers: [String], earlier: [[GameSeries.Summary]] = [], summarisedDeliveries: Int = 0,
      deliveries: [Throw], undo: [Undo]
    ) {
      self.bowlers = bowlers
      self.earlier = earlier
      self.summarisedDeliveries = summarisedDeliveries
      self.deliveries = deliveries
      self.undo = undo
    }
  }

  /// The session's snapshot, from which ``init(snapshot:)`` makes an equal session.
  public var snapshot: Snapshot {
    Snapshot(
      bowlers: bowlers, earlier: series.allSatisfy(\.earlier.isEmpty) ? [] : series.map(\.earlier),
      summarisedDeliveries: summarisedDeliveries,
      deliveries: deliveries, undo: undoable.map { Snapshot.Undo(count: $0.count, last: $0.last) })
  }

  /// The session a snapshot describes: its summarised games, then its deliveries bowled in
  /// turn, its undo steps kept.
  ///
  /// - Throws: ``SessionError`` when the deliveries do not make games, or an undo step or
  ///   the summaries are impossible: the snapshot is not one a session made.
  public init(snapshot: Snapshot) throws(SessionError) {
    self.init(bowlers: snapshot.bowlers)
    if !snapshot.earlier.isEmpty {
      let games = snapshot.earlier[0].count
      guard snapshot.earlier.count == bowlers.count,
        snapshot.earlier.allSatisfy({ $0.count == games }),
        snapshot.summarisedDeliveries >= games * bowlers.count * 10,
        snapshot.summarisedDeliveries <= games * bowlers.count * 21
      else { throw .impossibleSnapshot }
      for index in series.indices { series[index].earlier = snapshot.earlier[index] }
      summarisedDeliveries = snapshot.summarisedDeliveries
    } else {
      guard snapshot.summarisedDeliveries == 0 else { throw .impossibleSnapshot }
    }
    for delivery in snapshot.deliveries { try record(delivery) }
    // A step may count more deliveries than are left (a dead ball removed one), never fewer
    // than it takes back, and never reaches into a summarised game.
    for step in snapshot.undo
    where step.count - (step.last == nil ? 0 : 1) < summarisedDeliveries
      || step.count < (step.last == nil ? 0 : 1)
    {
      throw .impossibleSnapshot
    }
    undoable = snapshot.undo.map { UndoStep(count: $0.count, last: $0.last) }
  }
}
