import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

extension LaneExecutable {
  /// Starts `lane` with `input` on standard input, kills it with SIGKILL after `delay` (if
  /// it is still running), and returns what it had written to standard output; waits on a
  /// thread of its own (``offPool(_:)``).
  func runAndKill(_ arguments: [String], input: String, after delay: Duration) async throws -> String {
    let path = url.path
    return try await offPool { try Self.runAndKill(path, arguments, input: input, after: delay) }
  }

  private static func runAndKill(_ path: String, _ arguments: [String], input: String, after delay: Duration) throws
    -> String
  {
    signal(SIGPIPE, SIG_IGN)  // a lane that exits early must fail the write, not the tests
    let child = try ChildProcess(path, arguments, input: .pipe(.intoChild), output: .pipe(.outOfChild))
    // The traces are a few kilobytes, well under a pipe's buffer: this write never blocks.
    try child.standardInput!.write(input)
    child.standardInput!.close()
    Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
    child.signal(SIGKILL)
    let shown = try child.standardOutput!.readToEnd()
    child.waitForExit()
    return String(decoding: shown, as: UTF8.self)
  }

  /// Starts `lane` with `input` on standard input, kills it with SIGKILL as soon as what it
  /// has written to standard output shows `shown` (if it gets that far), and returns all it
  /// wrote: a kill at a moment the test names, not at a time a loaded machine may miss.
  func runAndKill(_ arguments: [String], input: String, whenShowing shown: String) async throws -> String {
    let path = url.path
    return try await offPool {
      signal(SIGPIPE, SIG_IGN)
      let child = try ChildProcess(path, arguments, input: .pipe(.intoChild), output: .pipe(.outOfChild))
      try child.standardInput!.write(input)
      child.standardInput!.close()
      var output = ""
      try child.standardOutput!.readLines { lines in
        output += lines.map { $0 + "\n" }.joined()
        if output.contains(shown) { child.signal(SIGKILL) }
      }
      child.waitForExit()
      return output
    }
  }
}
