import Centre
import CentreLink
import Journal
import LaneBridge

/// A lane's journal file as the events its centre link publishes, for `lane records import`:
/// the same session id, seqs, types and records (read through the link's own
/// ``JournalOutboxSource``), so storing them next to what the desk received changes nothing.
public struct JournalImport: Sendable {
  public let lane: LaneID
  public let session: String
  public let events: [Payload.Event]

  /// How many records are read from the journal at a time.
  static let batch = 4096

  /// Reads the journal (or closed session's archive) at `path`.
  ///
  /// - Parameter lane: The lane the events are of; `nil` for the one its header names.
  /// - Throws: ``LaneFailure``: the journal's own exit status when it cannot be read, 65 for
  ///   a league night's journal (not imported yet), a header's lane that is not a lane id, or
  ///   a journal that does not start a session.
  public init(journalAt path: String, lane: LaneID?) throws(LaneFailure) {
    let header: JournalHeader?
    do {
      header = try JournalReader(path: path).header
    } catch {
      throw LaneFailure(error.exitStatus, "\(error)")
    }
    if header?.holdsNight == true {
      throw LaneFailure(.dataError, "'\(path)' is a league night's journal; only lanes' journals are imported yet")
    }
    if let lane {
      self.lane = lane
    } else {
      do {
        self.lane = try LaneID(header?.lane ?? JournalHeader.hostName)
      } catch {
        throw LaneFailure(.dataError, "'\(path)' names lane '\(header?.lane ?? "")', not a lane id (\(error)); give --lane")
      }
    }
    let source: JournalOutboxSource
    do {
      source = try JournalOutboxSource(archive: path)
    } catch {
      throw LaneFailure(.dataError, "'\(path)': \(error)")
    }
    session = source.session
    let lane = self.lane
    var read: [Payload.Event] = []
    while true {
      let records = source.records(after: read.count, limit: Self.batch)
      guard !records.isEmpty else { break }
      read += records.map { record in
        Payload.Event(lane: lane, session: source.session, seq: record.seq, type: record.type, record: record.record)
      }
    }
    if let fault = source.fault { throw LaneFailure(.dataError, "'\(path)': \(fault)") }
    events = read
  }
}
