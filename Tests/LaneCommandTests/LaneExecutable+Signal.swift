import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

extension LaneExecutable {
  /// Another executable run the same way, e.g. a shell that starts `lane` in odd conditions.
  init(url: URL) {
    self.url = url
  }

  /// Runs `lane` with standard output sent to `path` (e.g. `/dev/full`) and waits for it on
  /// a thread of its own (``offPool(_:)``).
  func run(_ arguments: [String], standardOutputTo path: String) async throws -> Run {
    let executable = url.path
    return try await offPool {
      let child = try ChildProcess(executable, arguments, output: .file(path), error: .pipe(.outOfChild))
      let errors = try child.standardError!.readToEnd()
      return Run(standardOutput: "", standardError: String(decoding: errors, as: UTF8.self), status: child.waitForExit())
    }
  }

  /// Starts `lane`, sends it `signal` `delay` after it catches it (its handler is in place),
  /// and waits for it to exit; if it has not within 20 s, ends it with SIGKILL (the run then
  /// reports that signal).
  ///
  /// - Parameter openInput: Standard input is a pipe kept open and empty (a replay of `-`
  ///   waiting for its first line), not /dev/null.
  /// - Returns: What it printed and how it exited; `status` is minus the signal when a
  ///   signal ended it, which `bySignal` says too.
  func run(
    _ arguments: [String], signal: Int32, after delay: Duration, openInput: Bool = false
  ) async throws -> (run: Run, bySignal: Bool) {
    let path = url.path
    return try await offPool { try Self.run(path, arguments, signal: signal, after: delay, openInput: openInput) }
  }

  private static func run(
    _ path: String, _ arguments: [String], signal: Int32, after delay: Duration, openInput: Bool
  ) throws -> (run: Run, bySignal: Bool) {
    let child = try ChildProcess(
      path, arguments, input: openInput ? .pipe(.intoChild) : .null, output: .pipe(.outOfChild),
      error: .pipe(.outOfChild))
    // Read both pipes while waiting, so a chatty lane never blocks on a full pipe.
    nonisolated(unsafe) var printed: Result<(output: String, error: String), any Error>?
    let reading = DispatchSemaphore(value: 0)
    Thread {
      printed = Result { try child.readOutputAndError() }
      reading.signal()
    }.start()
    // Not before it catches the signal: a loaded machine may take longer than `delay` to
    // start it, and the signal's default action would end it.
    let started = ContinuousClock.now
    while !child.catches(signal) && child.isRunning && started.duration(to: .now) < .seconds(60) {
      Thread.sleep(forTimeInterval: 0.01)
    }
    Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
    child.signal(signal)
    let status = child.waitForExit(within: .seconds(20)) ?? child.stop(signal: SIGKILL)
    reading.wait()
    let (output, error) = try printed!.get()
    return (Run(standardOutput: output, standardError: error, status: status), status < 0)
  }
}
