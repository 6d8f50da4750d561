import Centre

/// Where the desk keeps every lane's events before it acknowledges them: `lane desk
/// --store` (CentreStore's `RecordStore`), or nothing.
///
/// The desk hands over the events ``DeskConsumer`` delivers, in seq order, and publishes
/// their acknowledgement only once ``store(_:)`` returned; a store that throws has kept none
/// of them, and the desk asks the lane to send them again.
public protocol EventStore: Sendable {
  /// Keeps `events` durably, all of them or none (one transaction).
  ///
  /// An event whose (lane, session, seq) is stored already is left as it was: the first
  /// copy wins, as ``DeskConsumer``'s does.
  /// - Returns: The events that were not stored before, in the order given.
  /// - Throws: When nothing could be kept; the events are then not acknowledged.
  func store(_ events: [Payload.Event]) throws -> [Payload.Event]
}
