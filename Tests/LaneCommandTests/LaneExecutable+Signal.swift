import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension LaneExecutable {
  /// Another executable run the same way, e.g. a shell that starts `lane` in odd conditions.
  init(url: URL) {
    self.url = url
  }

  /// Runs `lane` with standard output sent to `path` (e.g. `/dev/full`) and waits for it.
  func run(_ arguments: [String], standardOutputTo path: String) throws -> Run {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? output.close() }
    process.standardOutput = output
    let error = Pipe()
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      standardOutput: "", standardError: String(decoding: errorData, as: UTF8.self),
      status: process.terminationStatus)
  }

  /// Starts `lane`, sends it `signal` after `delay`, and waits for it to exit; if it has not
  /// within 20 s, ends it with SIGKILL (the run then reports that signal).
  ///
  /// - Parameter openInput: Standard input is a pipe kept open and empty (a replay of `-`
  ///   waiting for its first line), not /dev/null.
  /// - Returns: What it printed and how it exited; `status` is the signal number when the
  ///   signal ended it (``Run/endedBySignal``).
  func run(
    _ arguments: [String], signal: Int32, after delay: Duration, openInput: Bool = false
  ) throws -> (run: Run, bySignal: Bool) {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = openInput ? input : FileHandle.nullDevice
    defer { try? input.fileHandleForWriting.close() }
    try process.run()
    // Read both pipes while waiting, so a chatty lane never blocks on a full pipe.
    nonisolated(unsafe) var outputData = Data()
    nonisolated(unsafe) var errorData = Data()
    let reading = DispatchGroup()
    DispatchQueue.global().async(group: reading) { outputData = output.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: reading) { errorData = error.fileHandleForReading.readDataToEndOfFile() }
    var request = timespec(
      tv_sec: Int(delay.components.seconds),
      tv_nsec: Int(delay.components.attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    kill(process.processIdentifier, signal)
    let deadline = ContinuousClock.now + .seconds(20)
    while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    reading.wait()
    process.waitUntilExit()
    return (
      Run(
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self),
        status: process.terminationStatus),
      process.terminationReason == .uncaughtSignal
    )
  }
}
