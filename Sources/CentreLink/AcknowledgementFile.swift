import Centre
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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

  /// Why the file could not be read or written.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The acknowledgement stored, `nil` when there is no file yet.
  ///
  /// - Throws: ``Failure`` when the file exists but cannot be read or is not ours.
  public func read() throws(Failure) -> Payload.Ack? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Failure(description: "cannot read the acknowledgement file '\(path)'")
    }
    do {
      let ack = try JSONDecoder().decode(Payload.Ack.self, from: data)
      guard ack.v == Payload.version, ack.upto >= 0 else { throw Failure(description: "") }
      return ack
    } catch {
      throw Failure(
        description: "'\(path)' is not a LaneBridge acknowledgement file (version 1); move it"
          + " away: the lane then publishes its whole journal again, which the desk deduplicates")
    }
  }

  /// Replaces the file with `ack`, durably.
  ///
  /// - Throws: ``Failure`` saying which step failed; the old file is then still whole.
  public func write(_ ack: Payload.Ack) throws(Failure) {
    let bytes: [UInt8]
    do {
      bytes = try CentreMessage.encode(ack) + [UInt8(ascii: "\n")]
    } catch {
      throw Failure(description: "cannot encode the acknowledgement: \(error)")
    }
    let temporary = path + ".new"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure("create", temporary) }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let error = failure("write", temporary)
        close(descriptor)
        throw error
      }
      written += count
    }
    guard fsync(descriptor) == 0 else {
      let error = failure("sync", temporary)
      close(descriptor)
      throw error
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else { throw failure("rename", temporary) }
    let folder = (path as NSString).deletingLastPathComponent
    let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folderDescriptor >= 0 else { throw failure("open the folder of", path) }
    defer { close(folderDescriptor) }
    guard fsync(folderDescriptor) == 0 else { throw failure("sync the folder of", path) }
  }

  private func failure(_ step: String, _ file: String) -> Failure {
    Failure(description: "cannot \(step) '\(file)': \(String(cString: strerror(errno)))")
  }
}
