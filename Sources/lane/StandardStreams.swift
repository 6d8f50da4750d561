import Foundation

/// Standard output as a text stream, unbuffered so live output shows at once.
struct StandardOutput: TextOutputStream {
  mutating func write(_ string: String) { FileHandle.standardOutput.write(Data(string.utf8)) }
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
