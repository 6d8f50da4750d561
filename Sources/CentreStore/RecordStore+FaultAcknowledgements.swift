import Centre
import GRDB

extension RecordStore {
  /// The fault acknowledgements kept, by lane, then fault.
  ///
  /// - Throws: ``StoreError/io(path:reason:)`` when they cannot be read.
  public func faultAcknowledgements() throws(StoreError) -> [FaultAcknowledgement] {
    do {
      return try database.read { db in
        try Row.fetchAll(
          db, sql: "SELECT lane, fault, acknowledgedBy, acknowledgedAt FROM faultAcknowledgement ORDER BY lane, fault"
        ).map { row in
          FaultAcknowledgement(lane: row["lane"], fault: row["fault"], by: row["acknowledgedBy"], at: row["acknowledgedAt"])
        }
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
        try db.execute(sql: "DELETE FROM faultAcknowledgement")
        for acknowledgement in acknowledgements {
          try db.execute(
            sql: "INSERT INTO faultAcknowledgement (lane, fault, acknowledgedBy, acknowledgedAt) VALUES (?, ?, ?, ?)",
            arguments: [acknowledgement.lane, acknowledgement.fault, acknowledgement.by, acknowledgement.at])
        }
      }
    } catch {
      throw .io(path: path, reason: "the fault acknowledgements were not stored: \(error)")
    }
  }
}
