import Centre
import CentreLink
import Journal
import LaneBridge

/// A journal file as the events its centre link publishes, for `lane records import`: the
/// same session id, seqs, types and records (read through the link's own
/// ``JournalOutboxSource`` and made events by its ``OutboxRecord/event(on:session:pair:sentAt:ahead:)``),
/// so storing them next to what the desk received changes nothing.
///
/// A lane's journal is published by its lane; a league night's journal (format 3) by both
/// lanes of its pair, each the whole night under its own id, every event naming the pair,
/// and so imported twice, once under each lane, as the desk stores it.
public struct JournalImport: Sendable {
  /// Whose journal it is, when its header is not to be taken at its word.
  public enum Naming: Hashable, Sendable {
    /// The header names the lane (a lane's journal) or the pair (`lane7+lane8`, a night's).
    case header
    /// A lane's journal of this lane (`--lane`).
    case lane(LaneID)
    /// A league night's journal of this pair (`--pair`).
    case pair(Payload.Pair)
  }

  /// Who published the records: a lane, or both lanes of a pair.
  public enum Publisher: Hashable, Sendable, CustomStringConvertible {
    case lane(LaneID)
    case pair(Payload.Pair)

    /// `lane lane7`, or `pair lane7+lane8`.
    public var description: String {
      switch self {
      case .lane(let lane): "lane \(lane)"
      case .pair(let pair): "pair \(pair.name)"
      }
    }
  }

  /// Why a journal cannot be imported.
  public enum Failure: Error, Sendable, CustomStringConvertible {
    /// The journal cannot be read: the journal's own error.
    case unreadable(JournalError)
    /// A pair was given for a lane's journal, or a lane for a night's.
    case namingGivenWrong(String)
    /// The journal cannot be imported as it is: its header names no lane id or no pair, or
    /// it does not start a session or a night.
    case notImportable(String)

    public var description: String {
      switch self {
      case .unreadable(let error): "\(error)"
      case .namingGivenWrong(let message), .notImportable(let message): message
      }
    }
  }

  public let publisher: Publisher
  public let session: String
  /// The journal's records, in order: each is one event, or one under each lane of a pair.
  public let records: Int
  public let events: [Payload.Event]

  /// How many records are read from the journal at a time.
  static let batch = 4096

  /// Reads the journal (or closed session's archive) at `path`.
  ///
  /// - Parameter naming: Whose journal it is: its header's word, or the lane or pair given.
  /// - Throws: ``Failure``: the journal's own error when it cannot be read; a lane given for
  ///   a night's journal or a pair for a lane's; a header that names no lane id (a lane's
  ///   journal) or no pair (a night's), or a journal that does not start a session or a night.
  public init(journalAt path: String, naming: Naming) throws(Failure) {
    let header: JournalHeader?
    do {
      header = try JournalReader(path: path).header
    } catch {
      throw .unreadable(error)
    }
    publisher = try Self.publisher(of: path, header: header, naming: naming)
    let source: JournalOutboxSource
    do {
      source = try JournalOutboxSource(archive: path)
    } catch {
      throw .notImportable("'\(path)': \(error)")
    }
    var read: [OutboxRecord] = []
    while true {
      let batch = source.records(after: read.last?.seq ?? 0, limit: Self.batch)
      guard !batch.isEmpty else { break }
      read += batch
    }
    if let fault = source.fault { throw .notImportable("'\(path)': \(fault)") }
    session = source.session
    records = read.count
    switch publisher {
    case .lane(let lane):
      events = read.map { $0.event(on: lane, session: source.session, pair: nil) }
    case .pair(let pair):
      events = pair.lanes.flatMap { lane in read.map { $0.event(on: lane, session: source.session, pair: pair) } }
    }
  }

  /// Who published the journal at `path`, whose header is `header`.
  private static func publisher(
    of path: String, header: JournalHeader?, naming: Naming
  ) throws(Failure) -> Publisher {
    let named = header?.lane ?? JournalHeader.hostName
    guard header?.holdsNight == true else {
      switch naming {
      case .lane(let lane): return .lane(lane)
      case .pair:
        throw .namingGivenWrong("'\(path)' is a lane's journal, not a league night's: give --lane ID or nothing, not --pair")
      case .header:
        do {
          return .lane(try LaneID(named))
        } catch {
          throw .notImportable("'\(path)' names lane '\(named)', not a lane id (\(error)); give --lane")
        }
      }
    }
    switch naming {
    case .pair(let pair): return .pair(pair)
    case .lane:
      throw .namingGivenWrong(
        "'\(path)' is a league night's journal, published by both lanes of its pair: give --pair LEFT+RIGHT"
          + " (or nothing when its header names the pair), not --lane")
    case .header:
      guard let pair = Payload.Pair(name: named) else {
        throw .notImportable(
          "'\(path)' is a league night's journal whose header names '\(named)', not its pair's lanes:"
            + " give --pair LEFT+RIGHT, the lanes' ids (their credentials' users), the left lane first")
      }
      return .pair(pair)
    }
  }
}
