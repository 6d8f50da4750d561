import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension LaneExecutable {
  /// Starts `lane` with `input` on standard input, kills it with SIGKILL after `delay` (if
  /// it is still running), and returns what it had written to standard output.
  func runAndKill(_ arguments: [String], input: String, after delay: Duration) throws -> String {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let standardInput = Pipe()
    process.standardInput = standardInput
    signal(SIGPIPE, SIG_IGN)  // a lane that exits early must fail the write, not the tests
    try process.run()
    // The traces are a few kilobytes, well under a pipe's buffer: this write never blocks.
    try standardInput.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try standardInput.fileHandleForWriting.close()
    var request = timespec(
      tv_sec: Int(delay.components.seconds),
      tv_nsec: Int(delay.components.attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    kill(process.processIdentifier, SIGKILL)
    let shown = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: shown, as: UTF8.self)
  }
}
