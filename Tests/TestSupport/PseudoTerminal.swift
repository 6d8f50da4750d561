import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal for a child that reads a console: give the child ``terminal`` as its
/// standard input, output and error (`ChildProcess.Stream.descriptor`), type with
/// ``type(_:)``, and read what it wrote, echo included, from ``text``. What the child writes
/// is drained by a thread of its own, so the child never blocks on a full terminal.
public final class PseudoTerminal: @unchecked Sendable {
  /// The child's end, a terminal (`isatty` is true of it).
  public let terminal: Int32
  private let controller: Int32
  private let written = Mutex<[UInt8]>([])
  private let finished = DispatchSemaphore(value: 0)

  /// `TIOCSPTLCK` and `TIOCGPTN` (asm-generic/ioctls.h).
  private static let unlock: UInt = 0x4004_5431
  private static let number: UInt = 0x8004_5430

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Opens a pseudo-terminal pair.
  ///
  /// - Throws: ``Failure`` when the system has none to give.
  public init() throws {
    // posix_openpt, unlockpt and ptsname are not in Swift's Glibc module: their Linux
    // workings, /dev/ptmx and two ioctls (grantpt does nothing on devpts).
    let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard controller >= 0 else {
      throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    var unlock: CInt = 0
    var number: CUnsignedInt = 0
    guard ioctl(controller, Self.unlock, &unlock) == 0, ioctl(controller, Self.number, &number) == 0 else {
      Glibc.close(controller)
      throw Failure(description: "cannot unlock the pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    let name = "/dev/pts/\(number)"
    let terminal = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard terminal >= 0 else {
      Glibc.close(controller)
      throw Failure(description: "cannot open \(name): \(String(cString: strerror(errno)))")
    }
    self.controller = controller
    self.terminal = terminal
    let reader = Thread { [self] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        // EIO once every holder of the terminal's end has closed it.
        guard count > 0 else { break }
        written.withLock { $0 += buffer[..<count] }
      }
      self.finished.signal()
    }
    reader.start()
  }

  /// What the child wrote (and the terminal echoed) so far.
  public var text: String { String(decoding: written.withLock { $0 }, as: UTF8.self) }

  /// Types `line` and Enter.
  public func type(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
  }

  /// Closes both ends once the child has exited, after reading what it wrote.
  public func close() {
    Glibc.close(terminal)
    finished.wait()
    Glibc.close(controller)
  }
}
