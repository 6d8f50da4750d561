import ArgumentParser
import Foundation
import LaneBridge

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output as a text stream, unbuffered so live output shows at once.
///
/// When standard output cannot be written (a full disk, `/dev/full`, a closed descriptor or a
/// reader that went away), the command says so on stderr and exits 74 at once: nothing it
/// shows is lost then, because the journal has every throw before it is shown.
struct StandardOutput: TextOutputStream {
  mutating func write(_ string: String) {
    var text = string
    text.withUTF8 { bytes in
      var rest = UnsafeRawBufferPointer(bytes)
      while !rest.isEmpty {
        let written = Glibc.write(STDOUT_FILENO, rest.baseAddress, rest.count)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { Self.fail(errno: written < 0 ? errno : EIO) }
        rest = UnsafeRawBufferPointer(rebasing: rest[written...])
      }
    }
  }

  /// Tells the user that standard output failed and exits 74.
  static func fail(errno code: Int32) -> Never {
    Report.exit(
      with: LaneFailure(
        .ioError,
        "cannot write to standard output: \(String(cString: strerror(code)));"
          + " send it to a file or a pipe that can take it (or to /dev/null)"))
  }
}

extension StandardOutput {
  /// Whether standard output is a terminal.
  static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Whether to colour standard output: only on a terminal, and never when `NO_COLOR` is set.
  static var wantsColour: Bool {
    TerminalColour.isWanted(isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment)
  }

  /// Exits 74 when standard output is closed, before any file is opened.
  ///
  /// A closed descriptor 1 would otherwise be taken by the next file opened (a journal), and
  /// the scoreboard written into it.
  static func checkOpen() {
    if fcntl(STDOUT_FILENO, F_GETFD) == -1 { fail(errno: EBADF) }
  }
}

/// Standard error as a text stream; a failure to write it is ignored, as there is nowhere
/// left to report it.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    var text = string
    text.withUTF8 { bytes in
      var rest = UnsafeRawBufferPointer(bytes)
      while !rest.isEmpty {
        let written = Glibc.write(STDERR_FILENO, rest.baseAddress, rest.count)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        rest = UnsafeRawBufferPointer(rebasing: rest[written...])
      }
    }
  }
}

