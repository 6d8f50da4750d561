import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The address of a Unix socket at a path of any length.
///
/// `sockaddr_un` holds at most 107 bytes of path. A longer path (a journal deep in a folder
/// tree) is reached through its folder: the folder is opened and the socket named
/// `/proc/self/fd/N/NAME`, which Linux resolves like the full path, for as long as the folder
/// stays open.
final class UnixSocketAddress {
  /// The address to hand to `bind` or `connect`.
  private(set) var address = sockaddr_un()
  /// The open folder the address goes through, or -1.
  private let folder: Int32

  /// - Throws: The errno of opening the socket's folder when the path is too long.
  init(path: String) throws(Errno) {
    let capacity = MemoryLayout.size(ofValue: address.sun_path) - 1
    var bytes = Array(path.utf8)
    var folder: Int32 = -1
    if bytes.count > capacity {
      let url = URL(fileURLWithPath: path)
      folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard folder >= 0 else { throw Errno(errno) }
      bytes = Array("/proc/self/fd/\(folder)/\(url.lastPathComponent)".utf8)
      guard bytes.count <= capacity else {
        close(folder)
        throw Errno(ENAMETOOLONG)
      }
    }
    self.folder = folder
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
  }

  deinit { if folder >= 0 { close(folder) } }

  /// Calls `body` with the address as a `sockaddr` and its length.
  func withSocketAddress<Result>(
    _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
  ) -> Result {
    withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }

  /// An errno value.
  struct Errno: Error { let code: Int32; init(_ code: Int32) { self.code = code } }
}
