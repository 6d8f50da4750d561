import Bowling
import Foundation
import POSIX
import SafeFiles
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// The open session of a journal as it stood after one record, kept beside the journal
/// (`<journal>.checkpoint`) so that a resume reads only the records after it.
///
/// The journal stays the truth: a checkpoint names the record it covers (its sequence
/// number, where it ends and its checksum) and the journal's header (by checksum), and
/// ``JournalFile`` uses it only when the journal still holds that record there; otherwise it
/// is ignored with a warning and the journal replayed. The file is written whole and renamed
/// into place (``NewFile``), and carries a CRC-32 of everything before it.
///
/// Layout: the line `lanebridge-checkpoint 2`, then little-endian fields (header checksum,
/// sequence, end offset, record count, last record's checksum, the bowlers, each bowler's
/// summarised games at 10 bytes each, the number of deliveries they hold, the deliveries
/// of the games kept whole as 16-bit words, the undo steps), then the CRC-32 of all of it.
/// Its size grows by 10 bytes per bowler and game, not with every delivery and undo step
/// (see ``LaneSession``): version 1, which held every delivery, is ignored and the journal
/// read whole once, after which a version 2 checkpoint is written.
public struct JournalCheckpoint: Hashable, Sendable {
  /// The CRC-32 of the journal's header line, newline included.
  public var headerChecksum: UInt32
  /// The last record the checkpoint covers.
  public var sequence: Int
  /// Where that record ends in the journal: the first byte a resume reads.
  public var end: Int
  /// How many records the journal holds up to it (for record numbers in messages).
  public var recordCount: Int
  /// The checksum written at the start of that record.
  public var recordChecksum: UInt32
  /// The session after that record.
  public var session: LaneSession.Snapshot

  public init(
    headerChecksum: UInt32, sequence: Int, end: Int, recordCount: Int, recordChecksum: UInt32,
    session: LaneSession.Snapshot
  ) {
    self.headerChecksum = headerChecksum
    self.sequence = sequence
    self.end = end
    self.recordCount = recordCount
    self.recordChecksum = recordChecksum
    self.session = session
  }

  /// Why a checkpoint was not used.
  public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String {
      "the checkpoint '\(path)' was ignored (\(reason)); the whole journal was read instead"
    }
  }

  /// The checkpoint's path for the journal at `journal`.
  public static func path(for journal: String) -> String { "\(journal).checkpoint" }

  static let magic = Array("lanebridge-checkpoint 2\n".utf8)
  static let olderMagic = Array("lanebridge-checkpoint 1\n".utf8)
  /// A checkpoint larger than this is refused unread (about 30 million deliveries).
  static let maximumSize = 1 << 26

  // MARK: Encoding

  /// The checkpoint's bytes, checksum included.
  public var bytes: [UInt8] {
    var out = Self.magic
    func put<Value: FixedWidthInteger>(_ value: Value) {
      withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }
    put(headerChecksum)
    put(UInt64(sequence))
    put(UInt64(end))
    put(UInt64(recordCount))
    put(recordChecksum)
    put(UInt32(session.bowlers.count))
    for name in session.bowlers {
      let utf8 = Array(name.utf8)
      put(UInt32(utf8.count))
      out += utf8
    }
    for games in session.earlier.isEmpty ? session.bowlers.map({ _ in [] }) : session.earlier {
      put(UInt32(games.count))
      for game in games { Self.put(game, into: &out) }
    }
    put(UInt64(session.summarisedDeliveries))
    put(UInt64(session.deliveries.count))
    for delivery in session.deliveries { put(Self.word(of: delivery)) }
    put(UInt64(session.undo.count))
    for step in session.undo {
      put(UInt64(step.count))
      put(step.last.map(Self.word(of:)) ?? Self.noThrow)
    }
    put(CRC32.checksum(out))
    return out
  }

  /// A delivery in 16 bits: the pin mask (or count) low, bit 14 for a count, bit 15 a foul.
  static func word(of delivery: Throw) -> UInt16 {
    let foul: UInt16 = delivery.isFoul ? 0x8000 : 0
    switch delivery.pinfall {
    case .pins(let pins): return foul | pins.bits
    case .count(let count): return foul | 0x4000 | UInt16(clamping: max(0, min(count, 0x3FFF)))
    }
  }

  /// A summarised game in 10 bytes: its total (16 bits), strikes, spares, opens, splits,
  /// split conversions, first-ball pinfall (16 bits) and first balls (8 bits each else).
  static func put(_ game: GameSeries.Summary, into out: inout [UInt8]) {
    let statistics = game.statistics
    func byte(_ value: Int) -> UInt8 { UInt8(clamping: value) }
    func word(_ value: Int) -> [UInt8] {
      let clamped = UInt16(clamping: value)
      return [UInt8(clamped & 0xFF), UInt8(clamped >> 8)]
    }
    out += word(game.total)
    out += [
      byte(statistics.strikes), byte(statistics.spares), byte(statistics.opens),
      byte(statistics.splits), byte(statistics.splitConversions),
    ]
    out += word(statistics.firstBallPinfall)
    out += [byte(statistics.firstBalls)]
  }

  /// The word for "no delivery" in an undo step.
  static let noThrow: UInt16 = 0xFFFF

  static func delivery(from word: UInt16) -> Throw? {
    guard word != noThrow else { return nil }
    let isFoul = word & 0x8000 != 0
    if word & 0x4000 != 0 { return Throw(.count(Int(word & 0x3FFF)), isFoul: isFoul) }
    guard let pins = PinSet(bits: word & 0x3FFF) else { return nil }
    return Throw(.pins(pins), isFoul: isFoul)
  }

  // MARK: Decoding

  /// Decodes a checkpoint's bytes, checking its magic and checksum.
  ///
  /// - Throws: A reason (for ``Problem``) when the bytes are not a whole checkpoint.
  public init(bytes: [UInt8]) throws(Problem) {
    func bad(_ reason: String) -> Problem { Problem(path: "", reason: reason) }
    if bytes.starts(with: Self.olderMagic) {
      throw bad("it is in the older format 1, which held every delivery")
    }
    guard bytes.count >= Self.magic.count + 4, bytes.starts(with: Self.magic) else {
      throw bad("it is not a checkpoint")
    }
    var reader = Reader(bytes: bytes[..<(bytes.count - 4)], position: Self.magic.count)
    var trailer = Reader(bytes: bytes[...], position: bytes.count - 4)
    guard let stored: UInt32 = trailer.read(), stored == CRC32.checksum(bytes.dropLast(4)) else {
      throw bad("its checksum does not match: it is damaged")
    }
    guard let headerChecksum: UInt32 = reader.read(), let sequence: UInt64 = reader.read(),
      let end: UInt64 = reader.read(), let recordCount: UInt64 = reader.read(),
      let recordChecksum: UInt32 = reader.read(), let bowlerCount: UInt32 = reader.read(),
      bowlerCount <= 32
    else { throw bad("it ends early") }
    var bowlers: [String] = []
    for _ in 0..<bowlerCount {
      guard let length: UInt32 = reader.read(), let name = reader.take(Int(length)) else {
        throw bad("it ends early")
      }
      bowlers.append(String(decoding: name, as: UTF8.self))
    }
    var earlier: [[GameSeries.Summary]] = []
    for _ in 0..<bowlerCount {
      guard let count: UInt32 = reader.read(), Int(count) <= bytes.count / 10 else {
        throw bad("it ends early")
      }
      var games: [GameSeries.Summary] = []
      games.reserveCapacity(Int(count))
      // Read in place: a season holds tens of thousands of summarised games.
      guard let block = reader.take(10 * Int(count)) else { throw bad("it ends early") }
      let failed = block.withUnsafeBufferPointer { raw -> Bool in
        for game in 0..<Int(count) {
          let at = 10 * game
          func byte(_ offset: Int) -> Int { Int(raw[at + offset]) }
          let total = byte(0) | byte(1) << 8
          let firstBallPinfall = byte(7) | byte(8) << 8
          guard total <= 300, byte(2) <= 12, byte(3) <= 10, byte(4) <= 10, byte(5) <= 21,
            byte(6) <= byte(5), firstBallPinfall <= 120, byte(9) <= 12
          else { return true }
          games.append(GameSeries.Summary(
            total: total,
            statistics: GameStatistics(
              strikes: byte(2), spares: byte(3), opens: byte(4), splits: byte(5),
              splitConversions: byte(6), firstBallPinfall: firstBallPinfall, firstBalls: byte(9))))
        }
        return false
      }
      guard !failed else { throw bad("it holds an impossible game") }
      earlier.append(games)
    }
    guard let summarised: UInt64 = reader.read(), summarised <= UInt64(Int32.max) else {
      throw bad("it ends early")
    }
    guard let deliveryCount: UInt64 = reader.read(), deliveryCount <= UInt64(bytes.count / 2) else {
      throw bad("it ends early")
    }
    var deliveries: [Throw] = []
    deliveries.reserveCapacity(Int(deliveryCount))
    for _ in 0..<deliveryCount {
      guard let word: UInt16 = reader.read(), let delivery = Self.delivery(from: word) else {
        throw bad("it holds an impossible delivery")
      }
      deliveries.append(delivery)
    }
    guard let undoCount: UInt64 = reader.read(), undoCount <= UInt64(bytes.count / 10) else {
      throw bad("it ends early")
    }
    var undo: [LaneSession.Snapshot.Undo] = []
    undo.reserveCapacity(Int(undoCount))
    for _ in 0..<undoCount {
      guard let count: UInt64 = reader.read(), let word: UInt16 = reader.read() else {
        throw bad("it ends early")
      }
      guard count <= UInt64(Int32.max) else { throw bad("it holds impossible numbers") }
      undo.append(.init(count: Int(count), last: Self.delivery(from: word)))
    }
    guard reader.position == bytes.count - 4 else { throw bad("it has bytes after its end") }
    guard sequence <= UInt64(Int.max), end <= UInt64(Int.max), recordCount <= UInt64(Int.max) else {
      throw bad("it holds impossible numbers")
    }
    self.init(
      headerChecksum: headerChecksum, sequence: Int(sequence), end: Int(end),
      recordCount: Int(recordCount), recordChecksum: recordChecksum,
      session: LaneSession.Snapshot(
        bowlers: bowlers, earlier: earlier.allSatisfy(\.isEmpty) ? [] : earlier,
        summarisedDeliveries: Int(summarised), deliveries: deliveries, undo: undo))
  }

  /// Little-endian fields read from a byte slice, `nil` past its end.
  private struct Reader {
    var bytes: ArraySlice<UInt8>
    var position: Int

    mutating func read<Value: FixedWidthInteger>() -> Value? {
      let size = MemoryLayout<Value>.size
      guard let slice = take(size) else { return nil }
      var value: Value = 0
      for (index, byte) in slice.enumerated() { value |= Value(byte) << (8 * index) }
      return value
    }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
      guard count >= 0, bytes.endIndex - position >= count else { return nil }
      defer { position += count }
      return bytes[position..<(position + count)]
    }
  }

  // MARK: Files

  /// Reads the checkpoint at `path`; `nil` when there is none.
  ///
  /// - Throws: ``Problem`` when it cannot be read or is not a whole checkpoint.
  public static func read(from path: String) throws(Problem) -> JournalCheckpoint? {
    let descriptor: FileDescriptor
    do {
      descriptor = try ExistingFile.open(path, flags: O_RDONLY)
    } catch let problem where problem.errno == ENOENT {
      return nil
    } catch {
      throw Problem(path: path, reason: "\(error)")
    }
    defer { try? descriptor.close() }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count: Int
      do {
        let offset = Int64(bytes.count)
        count = try chunk.withUnsafeMutableBytes { buffer in
          Result { () throws(Errno) in try descriptor.read(someOf: buffer, fromAbsoluteOffset: offset) }
        }.get()
      } catch {
        throw Problem(path: path, reason: "it cannot be read: \(String(cString: strerror(error.rawValue)))")
      }
      if count == 0 { break }
      bytes += chunk.prefix(count)
      guard bytes.count <= maximumSize else { throw Problem(path: path, reason: "it is too large") }
    }
    do {
      return try JournalCheckpoint(bytes: bytes)
    } catch {
      throw Problem(path: path, reason: error.reason)
    }
  }

  /// Writes the checkpoint to `path` whole: beside it, synced, renamed into place.
  ///
  /// - Throws: ``FileProblem`` when it cannot be written; the old checkpoint is then kept.
  public func write(to path: String) throws(FileProblem) {
    let file = try NewFile(for: path, mode: 0o640)
    try file.write(bytes)
    try file.commit(replacing: true)
  }
}

extension JournalCheckpoint {
  /// How many records an opening may read past the checkpoint before a new one is written.
  public static let renewAfter = 1000

  /// Writes a new checkpoint of `session` when opening `file` read at least
  /// ``renewAfter`` records, so that the next
  /// opening reads fewer; a checkpoint that cannot be written is only a warning, since the
  /// journal holds everything.
  ///
  /// - Parameters:
  ///   - sequence: The last record `session` includes; nothing is written unless it is the
  ///     last record `file` has read.
  ///   - warn: Told why a checkpoint could not be written.
  public static func renew(
    _ file: JournalFile, session: LaneSession, through sequence: Int, warn: (String) -> Void
  ) {
    guard file.entries.count >= renewAfter else { return }
    do {
      try file.writeCheckpoint(of: session, through: sequence)
    } catch {
      warn("no checkpoint was written beside the journal (\(error)); the next start reads the whole journal")
    }
  }
}
