import Glibc
import POSIX
import SystemPackage

/// The gpio-sim chip's `sim_gpioN/pull` files, held open so a write costs one system call.
///
/// Writing `pull-down` or `pull-up` to a line's pull file drives the simulated input: the
/// kernel changes the line's level at once and stamps the edge for whoever requested it.
/// Each ``SimLine`` is driven on its chip offset from the layout given, which is the rig's
/// (`SimLine.offset`) unless a chip wires its lines in another order.
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
  private let layout: [SimLine: Int]

  /// Opens the pull file of every line in `layout` under `directory`.
  ///
  /// - Parameter layout: Each line the rig drives and its offset on the chip.
  /// - Throws: `Failure` for the first file that does not open for writing.
  init(directory: String, layout: [SimLine: Int]) throws(Failure) {
    self.directory = directory
    self.layout = layout
    for line in layout.keys.sorted() {
      let file = path(line)
      let descriptor = open(file, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        let error = errno
        close()
        throw Failure(path: file, operation: "open", errno: error)
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
      throw Failure(path: path(line), operation: "write (not opened)", errno: EBADF)
    }
    var text = pull
    let written = text.withUTF8 { bytes in
      Result { () throws(Errno) in
        try retryOnInterrupt { pwrite(descriptor, bytes.baseAddress, bytes.count, 0) }
      }
    }
    switch written {
    case .success(let count) where count == pull.utf8.count: return
    case .success: throw Failure(path: path(line), operation: "write '\(pull)' to", errno: EIO)
    case .failure(let error):
      throw Failure(path: path(line), operation: "write '\(pull)' to", errno: error.rawValue)
    }
  }

  /// The chip offset `line` is driven on.
  func offset(of line: SimLine) -> Int { layout[line] ?? line.offset }

  /// Closes every file; safe to call more than once.
  func close() {
    for descriptor in descriptors.values { Glibc.close(descriptor) }
    descriptors = [:]
  }

  private func path(_ line: SimLine) -> String {
    "\(directory)/sim_gpio\(offset(of: line))/pull"
  }
}
