import ArgumentParser
import Foundation
import LaneBridge
import POSIX
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output as a text stream, unbuffered so live output shows at once.
///
/// When standard output cannot be written (a full disk, `/dev/full`, a closed descriptor or a
/// reader that went away), the command says so on stderr and exits 74 at once: nothing it
/// shows is lost then, because the journal has every throw before it is shown.
public struct StandardOutput: TextOutputStream {
  public init() {}

  public mutating func write(_ string: String) {
    var text = string
    text.withUTF8 { bytes in
      do throws(Errno) {
        try FileDescriptor.standardOutput.write(all: UnsafeRawBufferPointer(bytes))
      } catch {
        Self.fail(errno: error.rawValue)
      }
    }
  }

  /// Tells the user that standard output failed and exits 74.
  public static func fail(errno code: Int32) -> Never {
    Report.exit(
      with: LaneFailure(
        .ioError,
        "cannot write to standard output: \(String(cString: strerror(code)));"
          + " send it to a file or a pipe that can take it (or to /dev/null)"))
  }
}

extension StandardOutput {
  /// Whether standard output is a terminal.
  public static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Whether to colour standard output: only on a terminal, and never when `NO_COLOR` is set.
  public static var wantsColour: Bool {
    TerminalColour.isWanted(isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment)
  }

  /// Exits 74 when standard output is closed, before any file is opened.
  ///
  /// A closed descriptor 1 would otherwise be taken by the next file opened (a journal), and
  /// the scoreboard written into it.
  public static func checkOpen() {
    if fcntl(STDOUT_FILENO, F_GETFD) == -1 { fail(errno: EBADF) }
  }
}

/// Standard error as a text stream; a failure to write it is ignored, as there is nowhere
/// left to report it.
public struct StandardError: TextOutputStream {
  public init() {}

  public mutating func write(_ string: String) {
    var text = string
    text.withUTF8 { bytes in
      try? FileDescriptor.standardError.write(all: UnsafeRawBufferPointer(bytes))
    }
  }
}

