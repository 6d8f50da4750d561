/// Which of a lane's sessions its centre link still publishes, and from which seq: a pure
/// plan from the desk's acknowledgement as the lane kept it and the sessions the lane has.
///
/// The plan says only which sessions are left and from where; the order they go out in is
/// ``SessionOutboxes``' (oldest first, each before the next while the desk is online), which
/// is why one `{session, upto}` on the lane's disk is enough: every session before it is
/// complete at the desk.
///
/// Session ids are the session starts in UTC to the second (`2026-11-23T19:04:11Z`), all of
/// one width, so their order as strings is their order in time.
public struct PublishingPlan: Hashable, Sendable {
  /// One session to publish: the desk has its records up to `acknowledged`.
  public struct Item: Hashable, Sendable {
    public var session: String
    public var acknowledged: Int

    public init(session: String, acknowledged: Int) {
      self.session = session
      self.acknowledged = acknowledged
    }
  }

  /// Oldest first; the open session is always last.
  public var items: [Item]

  /// The plan for a lane whose open session is `open`, with `closed` sessions kept (in any
  /// order), and `acknowledgement` as its acknowledgement file holds it.
  ///
  /// - No acknowledgement: the lane never published, so sessions closed before are not the
  ///   desk's: only the open session, from its start.
  /// - An acknowledgement of the open session: the open session, after it.
  /// - An acknowledgement of a closed session: that session after it, every later closed
  ///   session from its start, then the open one; earlier sessions are complete.
  /// - One of no session up to the open one (another journal's file): the open session,
  ///   from its start.
  public init(acknowledgement: Payload.Ack?, closed: [String], open: String) {
    guard let acknowledgement, acknowledgement.session <= open else {
      items = [Item(session: open, acknowledged: 0)]
      return
    }
    let later = Set(closed).filter { $0 >= acknowledgement.session && $0 < open }.sorted()
    items = (later + [open]).map { session in
      Item(session: session, acknowledged: session == acknowledgement.session ? acknowledgement.upto : 0)
    }
  }
}
