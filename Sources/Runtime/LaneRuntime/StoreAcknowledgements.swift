import Centre
import CentreStore
import WebServer

/// The desk's acknowledgements of faults kept in its store, across its restarts.
public struct StoreAcknowledgements: AcknowledgementKeeping {
  public let store: RecordStore

  public init(_ store: RecordStore) {
    self.store = store
  }

  public func load() throws -> [FaultAcknowledgement] {
    try store.faultAcknowledgements()
  }

  public func keep(_ all: [FaultAcknowledgement]) throws {
    try store.keepFaultAcknowledgements(all)
  }
}
