import Centre

/// Where the desk keeps every lane's events before it acknowledges them: `lane desk
/// --store` (CentreStore's `RecordStore`), or nothing.
///
/// The desk hands over, in one ``commit(_:)``, every event ``DeskConsumer`` delivered from
/// the messages that arrived while the commit before was under way (group commit), each
/// session's in seq order, and publishes their acknowledgements only once it returned; a
/// store that throws has kept none of them, and the desk asks each lane to send them again.
public protocol EventStore: Sendable {
  /// Keeps `events` durably, all of them or none (one transaction), off the caller's
  /// thread: a commit waits for the disk, and the desk goes on receiving meanwhile.
  ///
  /// An event whose (lane, session, seq) is stored already is left as it was: the first
  /// copy wins, as ``DeskConsumer``'s does.
  /// - Returns: The events that were not stored before, in the order given.
  /// - Throws: When nothing could be kept; the events are then not acknowledged.
  func commit(_ events: [Payload.Event]) async throws -> [Payload.Event]
}
