import Centre
import GRDB

extension RecordStore {
  /// The fault acknowledgements kept, by lane, then fault.
  ///
  /// - Throws: ``StoreError/io(path:reason:)`` when they cannot be read.
  public func faultAcknowledgements() throws(StoreError) -> [FaultAcknowledgement] {
    do {
      return try database.read { db in
        try FaultAcknowledgementRecord
          .order(FaultAcknowledgementRecord.Columns.lane, FaultAcknowledgementRecord.Columns.fault)
          .fetchAll(db)
          .map { FaultAcknowledgement(lane: $0.lane, fault: $0.fault, by: $0.acknowledgedBy, at: $0.acknowledgedAt) }
      }
    } catch {
      throw .io(path: path, reason: "the fault acknowledgements cannot be read: \(error)")
    }
  }

  /// Keeps `acknowledgements` as the whole set, replacing what was kept, in one durable
  /// transaction: the desk's acknowledgements as they stand after a change.
  ///
  /// - Throws: ``StoreError/io(path:reason:)`` when they cannot be written; what was kept
  ///   before stays.
  public func keepFaultAcknowledgements(_ acknowledgements: [FaultAcknowledgement]) throws(StoreError) {
    do {
      try write { db in
        try FaultAcknowledgementRecord.deleteAll(db)
        for acknowledgement in acknowledgements {
          try FaultAcknowledgementRecord(
            lane: acknowledgement.lane, fault: acknowledgement.fault, acknowledgedBy: acknowledgement.by,
            acknowledgedAt: acknowledgement.at
          ).insert(db)
        }
      }
    } catch {
      throw .io(path: path, reason: "the fault acknowledgements were not stored: \(error)")
    }
  }
}
