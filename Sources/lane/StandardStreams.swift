import Foundation
import LaneBridge

/// Standard output as a text stream, unbuffered so live output shows at once.
struct StandardOutput: TextOutputStream {
  mutating func write(_ string: String) { FileHandle.standardOutput.write(Data(string.utf8)) }
}

extension StandardOutput {
  /// Whether standard output is a terminal.
  static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Whether to colour standard output: only on a terminal, and never when `NO_COLOR` is set.
  static var wantsColour: Bool {
    TerminalColour.isWanted(isTerminal: isTerminal, environment: ProcessInfo.processInfo.environment)
  }
}

/// Standard error as a text stream.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) { FileHandle.standardError.write(Data(string.utf8)) }
}

/// Exit statuses from sysexits(3), which lane's commands share.
enum ExitStatus {
  /// The input data was incorrect: an impossible game, a malformed trace.
  static let dataError: Int32 = 65
  /// An input file did not exist or was not readable.
  static let noInput: Int32 = 66
}
