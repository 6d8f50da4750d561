import CentreStore
import DeskAccess
import WebServer

/// The desk's acknowledgements of faults kept in its store, across its restarts.
public struct StoreAcknowledgements: AcknowledgementKeeping {
  public let store: RecordStore

  public init(_ store: RecordStore) {
    self.store = store
  }

  public func load() throws -> [FaultAcknowledgements.Acknowledgement] {
    try store.faultAcknowledgements().map {
      FaultAcknowledgements.Acknowledgement(lane: $0.lane, fault: $0.fault, by: $0.by, at: $0.at)
    }
  }

  public func keep(_ all: [FaultAcknowledgements.Acknowledgement]) throws {
    try store.keepFaultAcknowledgements(
      all.map { StoredAcknowledgement(lane: $0.lane, fault: $0.fault, by: $0.by, at: $0.at) })
  }
}
