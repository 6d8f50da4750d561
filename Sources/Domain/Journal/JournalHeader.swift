import Foundation

/// The first line of a journal: a magic word, the format version, the lane and when the
/// journal was created, so a file that is not a journal is recognised and never touched.
///
/// On disk: `lanebridge-journal 2 <crc32> {"created":"2025-05-01T19:04:11Z","lane":"lane7"}\n`,
/// the CRC-32 (eight lowercase hex digits) covering the JSON as in every record. A salvaged
/// journal also lists the sequence numbers lost to damage (`"missing":[5,6]`), the only
/// gaps its numbering may have.
///
/// The version says what the journal holds: 2 a lane's sessions, 3 a league night on a pair
/// (``JournalledNight``). A lane's journal stays at 2 so that a lane rolled back to the
/// release before nights still reads it; that release refuses 3 as a newer format, which it
/// must, since it would read a night's deliveries without their lanes.
public struct JournalHeader: Hashable, Sendable {
  /// The word every journal starts with.
  public static let magic = "lanebridge-journal"
  /// The format of a lane's journal; journals of version 1 (no header) are read and migrated.
  public static let version = 2
  /// The format of a league night's journal.
  public static let nightVersion = 3
  /// The formats this LaneBridge reads with a header.
  public static let versions = version...nightVersion
  /// The longest header read; anything longer is not a journal.
  static let maximumLength = 4096

  /// The lane's name: the machine's host name unless the lane was given one.
  public var lane: String
  public var created: Date
  /// Sequence numbers a salvage could not keep; empty for a journal that was never damaged.
  public var missing: [Int] = []
  /// The format: ``version`` for a lane's journal, ``nightVersion`` for a night's.
  public var version: Int

  public init(lane: String, created: Date, missing: [Int] = [], version: Int = Self.version) {
    self.lane = lane
    self.created = created
    self.missing = missing
    self.version = version
  }

  /// The header of a new journal whose first record is `first`: a night's start makes a
  /// night's journal (format 3), anything else a lane's (format 2).
  public init(lane: String, created: Date, first: JournalEntry) {
    let holdsNight = if case .night = first.event { true } else { false }
    self.init(lane: lane, created: created, version: holdsNight ? Self.nightVersion : Self.version)
  }

  /// Whether the journal holds a league night on a pair rather than a lane's sessions.
  public var holdsNight: Bool { version == Self.nightVersion }

  /// The name of the machine, for the header of a new journal.
  public static var hostName: String {
    let name = ProcessInfo.processInfo.hostName
    return name.isEmpty ? "lane" : name
  }

  /// What the first bytes of a file say it is.
  public enum Format: Hashable, Sendable {
    /// A journal of this version, whose records start `length` bytes in.
    case current(JournalHeader, length: Int)
    /// A journal written before headers (version 1): records from the first byte.
    case headerless
  }

  /// The header line's bytes, newline included.
  public var bytes: [UInt8] {
    var wire = Wire(created: created, lane: lane, missing: missing.isEmpty ? nil : missing)
    wire.missing = missing.isEmpty ? nil : missing
    let json = (try? JournalRecord.encoder.encode(wire)) ?? Data("{}".utf8)
    return Array("\(Self.magic) \(version) \(JournalRecord.checksumText(of: json)) ".utf8)
      + Array(json) + [UInt8(ascii: "\n")]
  }

  /// Recognises a journal from its first bytes, or refuses it.
  ///
  /// - Throws: ``JournalError/notAJournal(path:reason:)`` when the bytes are not a journal of
  ///   any version, ``JournalError/unsupportedVersion(path:version:)`` for a newer format.
  public static func format(of bytes: ArraySlice<UInt8>, path: String) throws(JournalError) -> Format {
    let prefix = Array((magic + " ").utf8)
    guard bytes.starts(with: prefix) else {
      guard !bytes.isEmpty else { throw .notAJournal(path: path, reason: "it is empty") }
      // A journal of version 1 starts with a good record: the session's start.
      let line = bytes.prefix(maximumLength).split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false).first ?? []
      if bytes.prefix(maximumLength).contains(UInt8(ascii: "\n")),
        let entry = try? JournalRecord.entry(from: line), entry.sequence == 1,
        case .started = entry.event
      {
        return .headerless
      }
      throw .notAJournal(path: path, reason: "it does not start with '\(magic)'")
    }
    let head = bytes.prefix(maximumLength)
    guard let newline = head.firstIndex(of: UInt8(ascii: "\n")) else {
      throw .notAJournal(path: path, reason: "its first line is not a journal header")
    }
    let fields = head[(head.startIndex + prefix.count)..<newline]
    guard let space = fields.firstIndex(of: UInt8(ascii: " ")),
      let version = Int(String(decoding: fields[..<space], as: UTF8.self))
    else {
      throw .notAJournal(path: path, reason: "its header has no format version")
    }
    guard Self.versions.contains(version) else {
      throw .unsupportedVersion(path: path, version: version)
    }
    let wire: Wire
    do {
      wire = try JournalRecord.decoded(Wire.self, from: fields[(space + 1)...])
    } catch {
      throw .notAJournal(path: path, reason: "its header \(error)")
    }
    guard wire.lane.count <= 100, !JournalRecord.hasControlCharacters(wire.lane),
      (wire.missing ?? []).allSatisfy({ $0 >= 1 })
    else {
      throw .notAJournal(path: path, reason: "its header holds an impossible lane or gap")
    }
    let header = JournalHeader(
      lane: wire.lane, created: wire.created, missing: wire.missing ?? [], version: version)
    return .current(header, length: newline + 1 - bytes.startIndex)
  }

  private struct Wire: Codable {
    var created: Date
    var lane: String
    var missing: [Int]?
  }
}
