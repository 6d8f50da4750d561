import Centre
import Foundation
import SafeFiles

/// "The desk has acknowledged up to seq N" on the lane's disk, beside the journal
/// (`lane.journal.ack`), so a restarted lane resends only what the desk may lack.
///
/// Written by replacing the whole file: a temporary file is written and synced, renamed over
/// the old one and the folder synced, so a power cut leaves the old or the new one.
public struct AcknowledgementFile: Sendable {
  public let path: String

  /// The file for the journal at `journalPath`.
  public init(besideJournal journalPath: String) {
    path = journalPath + ".ack"
  }

  /// The file of `lane`, one lane of a pair whose league night the journal at `journalPath`
  /// holds (`pair.journal.lane12.ack`): each lane of the pair publishes the night under its
  /// own id, and the desk acknowledges each lane's on its own.
  public init(besideJournal journalPath: String, lane: LaneID) {
    path = journalPath + "." + lane.rawValue + ".ack"
  }

  /// Why the file could not be read or written.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for the exit status.
    public enum Kind: Hashable, Sendable {
      /// It cannot be read: not a regular file (a link, a FIFO, a folder), too large, or
      /// no permission.
      case unreadable
      /// It holds something else than an acknowledgement of this version.
      case notOurs
      /// Writing it failed.
      case unwritable
    }

    public var kind: Kind
    public var description: String
  }

  /// The largest file read: an acknowledgement is one short JSON line.
  public static let maximumSize = 4096

  /// The acknowledgement stored, `nil` when there is no file yet.
  ///
  /// - Throws: ``Failure`` when the file exists but cannot be read or is not ours.
  public func read() throws(Failure) -> Payload.Ack? {
    guard ExistingFile.exists(path) else { return nil }
    let text: String
    do {
      text = try FileContents.read(path, maximumSize: Self.maximumSize, kind: "the lane's acknowledgement file")
    } catch {
      throw Failure(kind: .unreadable, description: "cannot read the acknowledgement file '\(path)': \(error.reason)")
    }
    do {
      let ack = try JSONDecoder().decode(Payload.Ack.self, from: Data(text.utf8))
      guard ack.v == Payload.version, ack.upto >= 0 else { throw Failure(kind: .notOurs, description: "") }
      return ack
    } catch {
      throw Failure(
        kind: .notOurs,
        description: "'\(path)' is not a LaneBridge acknowledgement file (version 1); move it"
          + " away: the lane then publishes its whole journal again, which the desk deduplicates")
    }
  }

  /// Replaces the file with `ack`, durably (``NewFile``: written beside it, synced, renamed
  /// over it, the folder synced), so a power cut leaves the old one or the new one.
  ///
  /// - Throws: ``Failure`` saying which step failed; the old file is then still whole.
  public func write(_ ack: Payload.Ack) throws(Failure) {
    do {
      let bytes = try CentreMessage.encode(ack) + [UInt8(ascii: "\n")]
      let file = try NewFile(for: path)
      try file.write(bytes)
      try file.commit(replacing: true)
    } catch {
      throw Failure(kind: .unwritable, description: "cannot write the acknowledgement: \(error)")
    }
  }
}
