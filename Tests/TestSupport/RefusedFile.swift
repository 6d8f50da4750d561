import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a reader of small files (SafeFiles' `FileContents`) must refuse at once, made at a
/// path for a test: a FIFO (which would block a reader for ever), a symbolic link (to
/// `/dev/zero`, never followed) or a regular file one byte over the reader's limit.
public enum RefusedFile: String, CaseIterable, Sendable, CustomStringConvertible {
  case fifo = "a FIFO"
  case symbolicLink = "a symbolic link"
  case tooLarge = "larger than"

  /// How the reader's message starts to name it (`it is a FIFO`, `it is larger than 4 KiB`).
  public var description: String { rawValue }

  /// Makes it at `path` (mode 600), one byte over `limit` when it is ``tooLarge``.
  public func make(at path: String, limit: Int) throws {
    switch self {
    case .fifo:
      guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
    case .symbolicLink:
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
    case .tooLarge:
      try Data(repeating: 0xFF, count: limit + 1).write(to: URL(fileURLWithPath: path))
      chmod(path, 0o600)
    }
  }
}
