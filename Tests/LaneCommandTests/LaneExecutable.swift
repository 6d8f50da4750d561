import Foundation
import TestSupport

/// The built `lane` executable, run the way a user runs it, with its output captured.
struct LaneExecutable {
  /// What one run printed and how it exited.
  struct Run: Sendable {
    let standardOutput: String
    let standardError: String
    /// Its exit status, or minus the signal that ended it (``ChildProcess``).
    let status: Int32
  }

  let url: URL

  /// Finds the built `lane` (``BuiltProduct/lane``: `LANE_EXECUTABLE` if set, else beside the
  /// test bundle, else under this package's `.build/debug`).
  init() throws {
    url = URL(fileURLWithPath: try BuiltProduct.lane)
  }

  /// Runs `lane` with these arguments, output to pipes (not a terminal), and waits for it
  /// on a thread of its own (``offPool(_:)``): the tests' cooperative threads stay free for
  /// the tests that need them.
  ///
  /// - Parameters:
  ///   - input: Written to the command's standard input, which is then closed; without it
  ///     standard input is empty.
  ///   - directory: The command's working directory, for relative paths; else the tests'.
  func run(
    _ arguments: [String], environment: [String: String] = [:], input: String = "",
    in directory: String? = nil
  ) async throws -> Run {
    let path = url.path
    return try await offPool {
      let child = try ChildProcess(
        path, arguments, input: .pipe(.intoChild), output: .pipe(.outOfChild), error: .pipe(.outOfChild),
        environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, directory: directory)
      try child.standardInput!.write(input)
      child.standardInput!.close()
      let (output, error) = try child.readOutputAndError()
      return Run(standardOutput: output, standardError: error, status: child.waitForExit())
    }
  }
}
