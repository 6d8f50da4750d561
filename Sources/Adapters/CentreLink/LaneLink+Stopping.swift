import Centre

extension LaneLink {
  /// What is left when the lane stops: of the session being published, and how many
  /// sessions after it (the open one included) the desk does not have yet.
  public struct Remainder: Sendable, Equatable {
    public var session: String
    public var lastRecorded: Int
    public var acknowledged: Int
    public var published: Int
    public var laterSessions: Int
  }

  /// Waits until the desk has acknowledged every record (or, with no desk online, the broker
  /// took them all), at most `limit` and only while connected, then goes offline (the
  /// retained will).
  ///
  /// A link without a connection (the broker down or not reachable) stops at once: what
  /// the desk lacks stays in the journal, and is published when the lane starts again.
  /// At `limit` the client disconnects, which ends a publish waiting for a broker that
  /// does not answer; nothing after `limit` waits for the broker.
  public func finish(within limit: Duration) async -> Remainder {
    let deadline = ContinuousClock.now + limit
    let broker = self.broker
    let cutOff = Task {
      guard (try? await Task.sleep(until: deadline)) != nil else { return }
      broker.disconnect(sendingWill: true)
    }
    if tasks.isEmpty {
      // Never started: nothing was handed over, and nothing connected.
      machine.take(.stop(deadline: origin.duration(to: deadline)), at: now)
      await drive()
    } else {
      // After everything the lane handed over before it stopped (the last board,
      // deliveries for the health monitor), so the last status has them.
      await withCheckedContinuation { inputs.yield(.stop(deadline: deadline, $0)) }
    }
    cutOff.cancel()
    timer?.cancel()
    for task in tasks { task.cancel() }
    inputs.finish()
    broker.disconnect(sendingWill: true)
    let oldest = machine.outboxes.oldest
    return Remainder(
      session: oldest.session, lastRecorded: oldest.lastRecorded, acknowledged: oldest.acknowledged,
      published: oldest.sentUpTo, laterSessions: machine.outboxes.outboxes.count - 1)
  }
}
