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

  private var files: [SimLine: FileDescriptor] = [:]
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
      do {
        files[line] = try FileDescriptor.open(file, .writeOnly, options: .closeOnExec)
      } catch {
        close()
        throw Failure(path: file, operation: "open", errno: Errno(of: error).rawValue)
      }
    }
  }

  deinit { close() }

  /// Drives `line` to `pull` (`pull-up` or `pull-down`).
  ///
  /// - Throws: `Failure` when the kernel refuses the write.
  func set(_ line: SimLine, pull: String) throws(Failure) {
    guard let file = files[line] else {
      throw Failure(path: path(line), operation: "write (not opened)", errno: EBADF)
    }
    var text = pull
    let count: Int
    do {
      count = try text.withUTF8 { bytes in
        try file.write(toAbsoluteOffset: 0, UnsafeRawBufferPointer(bytes), retryOnInterrupt: true)
      }
    } catch {
      throw Failure(path: path(line), operation: "write '\(pull)' to", errno: Errno(of: error).rawValue)
    }
    guard count == pull.utf8.count else {
      throw Failure(path: path(line), operation: "write '\(pull)' to", errno: EIO)
    }
  }

  /// The chip offset `line` is driven on.
  func offset(of line: SimLine) -> Int { layout[line] ?? line.offset }

  /// Closes every file; safe to call more than once.
  func close() {
    for file in files.values { try? file.close() }
    files = [:]
  }

  private func path(_ line: SimLine) -> String {
    "\(directory)/sim_gpio\(offset(of: line))/pull"
  }
}
