import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A small tmpfs mounted on a new folder under `$TMPDIR` for one test, as root: a disk of
/// its own that can be filled or made read-only without touching the machine's; unmounted
/// (lazily, so a process still in it does not keep it) and its folder removed when the last
/// reference goes. Hold it in a suite's stored property, as a ``ScratchFolder``.
public final class MountedTmpfs: Sendable {
  /// Why a test that mounts is skipped when it cannot.
  public static let skipReason: Comment = "Needs root, to mount a small tmpfs"
  /// Whether this process may mount: it runs as root.
  public static var canMount: Bool { geteuid() == 0 }

  /// The folder the tmpfs is mounted on, `$TMPDIR/<prefix>-<UUID>`.
  public let path: String

  /// Makes the folder and mounts a tmpfs of `size` there, read-only when asked.
  ///
  /// - Throws: ``ChildProcess/Failure`` naming `mount`'s message when it fails.
  public init(_ prefix: String, size: String = "1m", readOnly: Bool = false) throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    do {
      try Self.mount(["-t", "tmpfs", "-o", "size=\(size)" + (readOnly ? ",ro" : ""), "tmpfs", path])
    } catch {
      try? FileManager.default.removeItem(atPath: path)
      throw error
    }
  }

  /// Remounts it read-only, or read-write again. Linux refuses to make it read-only while a
  /// process holds a file in it open for writing (`mount point is busy`).
  ///
  /// - Throws: ``ChildProcess/Failure`` naming `mount`'s message when it fails.
  public func remount(readOnly: Bool) throws {
    try Self.mount(["-o", "remount," + (readOnly ? "ro" : "rw"), path])
  }

  /// The path of `name` in the tmpfs.
  public func path(_ name: String) -> String { path + "/" + name }

  deinit {
    _ = try? ChildProcess("/bin/umount", ["--lazy", path]).waitForExit()
    try? FileManager.default.removeItem(atPath: path)
  }

  private static func mount(_ arguments: [String]) throws {
    let child = try ChildProcess("/bin/mount", arguments, output: .pipe(.outOfChild), error: .pipe(.outOfChild))
    let (output, error) = try child.readOutputAndError()
    let status = child.waitForExit()
    guard status == 0 else {
      throw ChildProcess.Failure(description: "mount \(arguments.joined(separator: " ")) exited \(status): \(output)\(error)")
    }
  }
}
