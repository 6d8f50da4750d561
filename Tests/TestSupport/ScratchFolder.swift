import Foundation

/// A fresh, empty folder under `$TMPDIR` for one test, removed with its contents when the
/// last reference to it goes.
///
/// Hold it in a suite's stored property (the suite instance, and so the folder, lives for
/// one test) or in a test's local constant. Tests make every file they need in here, so
/// that `TMPDIR=$(mktemp -d) swift test` leaves nothing of theirs in that folder (only
/// SwiftPM's own lock files and manifest folders; scripts/test checks, docs/ci.md).
public final class ScratchFolder: Sendable {
  /// The folder, `$TMPDIR/<prefix>-<UUID>`.
  public let url: URL

  /// The folder's path.
  public var path: String { url.path }

  /// Makes the folder.
  ///
  /// - Parameter prefix: Starts the folder's name, to tell whose it is if one is left.
  /// - Throws: The error of creating the folder.
  public init(_ prefix: String = "lanebridge-tests") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `name` in the folder (the file need not exist).
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Creates an empty regular file `name` in the folder.
  ///
  /// - Throws: `CocoaError(.fileWriteUnknown)` when the file cannot be created.
  public func touch(_ name: String) throws {
    guard FileManager.default.createFile(atPath: path(name), contents: Data()) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path(name)])
    }
  }

  /// The names in the folder, sorted.
  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }
}
