import Foundation
import POSIX
import SystemPackage

/// Bytes set aside in order and given back once, in order: in an unnamed scratch file under
/// `$TMPDIR` (or `/tmp`), so that a report that must hold many bytes until its end (the JSON
/// report's throws, written after its games) keeps a flat memory however long the replay.
///
/// The file is unlinked as soon as it is made (`mkstemp`, then `unlink`), so nothing is
/// left behind whatever happens to the process afterwards. When no such file can be made or written,
/// the bytes not yet in it are kept in memory instead: the report is the same, only its
/// memory grows.
final class ByteSpill {
  /// The scratch file, `nil` while none is open (not yet needed, or none could be made).
  private var file: FileDescriptor?
  /// Whether a file was tried and failed: the rest is kept in ``kept``.
  private var inMemory = false
  /// The bytes set aside that are not in the file, after those that are.
  private var kept: [UInt8] = []

  /// The folder the scratch file is made in: `$TMPDIR`, else `/tmp`, unless given.
  private let folder: String

  /// A spill whose scratch file, made when the first bytes are set aside, is in `folder`.
  init(folder: String? = nil) {
    let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
    self.folder = folder ?? temporary ?? "/tmp"
  }

  /// Whether the bytes set aside are in a scratch file (else all in memory).
  var isInFile: Bool { file != nil }

  deinit {
    try? file?.close()
  }

  /// Sets `bytes` aside after those set aside before.
  func append(_ bytes: [UInt8]) {
    if !inMemory && file == nil { openFile() }
    guard !inMemory, let file else { return kept.append(contentsOf: bytes) }
    let written = bytes.withUnsafeBytes { Self.writeAll($0, to: file) }
    if written < bytes.count {
      inMemory = true
      kept.append(contentsOf: bytes[written...])
    }
  }

  /// Hands every byte set aside to `body` in blocks, in order, then forgets them.
  ///
  /// - Throws: ``ReadError`` when the scratch file cannot be read back.
  func drain(into body: (UnsafeRawBufferPointer) -> Void) throws(ReadError) {
    if let file {
      var block = [UInt8](repeating: 0, count: 1 << 16)
      do {
        _ = try file.seek(offset: 0, from: .start)
        while true {
          // FileDescriptor's read retries EINTR; a short read is taken as it comes.
          let count = try block.withUnsafeMutableBytes { buffer in try file.read(into: buffer) }
          if count == 0 { break }
          block.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
      } catch {
        throw ReadError(errno: Errno(of: error).rawValue)
      }
      try? file.close()
      self.file = nil
    }
    kept.withUnsafeBytes { if !$0.isEmpty { body($0) } }
    kept = []
  }

  /// A scratch file that could not be read back.
  struct ReadError: Error, CustomStringConvertible {
    var errno: Int32

    var description: String {
      "cannot read back the report's scratch file: \(String(cString: strerror(errno))) (errno \(errno))"
    }
  }

  /// Opens the unnamed scratch file, or marks the spill as in memory when it cannot.
  private func openFile() {
    var template = Array((folder + "/lane-report.XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    if made >= 0 {
      _ = fcntl(made, F_SETFD, FD_CLOEXEC)
      template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }
    if made < 0 { inMemory = true } else { file = FileDescriptor(rawValue: made) }
  }

  /// Writes `bytes` whole unless an error stops it; returns how many were written.
  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to file: FileDescriptor) -> Int {
    var written = 0
    try? POSIX.writeAll(bytes, written: &written) { rest in write(file.rawValue, rest.baseAddress, rest.count) }
    return written
  }
}
