#if canImport(Glibc)
  import Glibc
#endif

/// Reads the free and total space of the disk that holds a folder (`statvfs`), for the
/// health monitor's rule 4 (``LaneHealthMonitor/diskSpace(free:total:)``).
public struct DiskSpaceProbe: Sendable {
  /// The free and total bytes of a disk.
  public struct Space: Hashable, Sendable {
    /// What an unprivileged process may still use.
    public var free: Int64
    public var total: Int64
  }

  /// A folder on the disk to watch.
  public let folder: String

  /// How often the link reads it.
  public static let interval: Duration = .seconds(30)

  public init(folder: String) {
    self.folder = folder
  }

  /// The disk's space now, or `nil` when `statvfs` fails (the folder went away).
  public func read() -> Space? {
    var space = statvfs()
    guard statvfs(folder, &space) == 0 else { return nil }
    let unit = Int64(space.f_frsize)
    return Space(free: Int64(space.f_bavail) * unit, total: Int64(space.f_blocks) * unit)
  }
}
