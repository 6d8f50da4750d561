import Glibc

/// The gpio-sim chip's `sim_gpioN/pull` files, held open so a write costs one system call.
///
/// Writing `pull-down` or `pull-up` to a line's pull file drives the simulated input: the
/// kernel changes the line's level at once and stamps the edge for whoever requested it.
final class SimPulls {
  /// A pull file that could not be opened or written.
  struct Failure: Error, CustomStringConvertible {
    var path: String
    var operation: String
    var errno: Int32

    var description: String {
      "cannot \(operation) \(path): \(String(cString: strerror(errno))) (errno \(errno)); "
        + "is the gpio-sim chip live and --pull-dir its sysfs folder (gpiosim_sysfs_dir)?"
    }
  }

  private var descriptors: [SimLine: Int32] = [:]
  private let directory: String

  /// Opens the pull file of every line in `lines` under `directory`.
  ///
  /// - Throws: `Failure` for the first file that does not open for writing.
  init(directory: String, lines: [SimLine]) throws(Failure) {
    self.directory = directory
    for line in lines {
      let path = Self.path(directory, line)
      let descriptor = open(path, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        let error = errno
        close()
        throw Failure(path: path, operation: "open", errno: error)
      }
      descriptors[line] = descriptor
    }
  }

  deinit { close() }

  /// Drives `line` to `pull` (`pull-up` or `pull-down`).
  ///
  /// - Throws: `Failure` when the kernel refuses the write.
  func set(_ line: SimLine, pull: String) throws(Failure) {
    guard let descriptor = descriptors[line] else {
      throw Failure(path: Self.path(directory, line), operation: "write (not opened)", errno: EBADF)
    }
    var written: Int
    repeat {
      written = pull.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    } while written < 0 && errno == EINTR
    guard written == pull.utf8.count else {
      throw Failure(path: Self.path(directory, line), operation: "write '\(pull)' to", errno: errno)
    }
  }

  /// Closes every file; safe to call more than once.
  func close() {
    for descriptor in descriptors.values { Glibc.close(descriptor) }
    descriptors = [:]
  }

  private static func path(_ directory: String, _ line: SimLine) -> String {
    "\(directory)/sim_gpio\(line.offset)/pull"
  }
}
