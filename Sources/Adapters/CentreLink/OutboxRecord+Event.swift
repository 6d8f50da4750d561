import Centre

extension OutboxRecord {
  /// The event a lane's centre link publishes for this record of `session` on
  /// `…/lanes/<lane>/events`; on a league night each lane of `pair` publishes every record
  /// of the night's journal so, under its own id.
  ///
  /// - Parameters:
  ///   - sentAt: When the lane publishes it, milliseconds since 1970; `nil` when it is not
  ///     published (a journal imported into the desk's store).
  ///   - ahead: Whether it goes out ahead of an earlier session the desk lacks.
  public func event(
    on lane: LaneID, session: String, pair: Payload.Pair?, sentAt: Double? = nil, ahead: Bool = false
  ) -> Payload.Event {
    Payload.Event(
      lane: lane, session: session, seq: seq, type: type, record: record, sentAt: sentAt,
      ahead: ahead ? true : nil, pair: pair)
  }
}
