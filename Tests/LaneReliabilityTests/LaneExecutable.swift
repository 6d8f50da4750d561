import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The built `lane` executable, started and killed the way a power cut or `kill -9` ends it.
struct LaneExecutable {
  /// Why the executable could not be found.
  struct NotFound: Error, CustomStringConvertible {
    let searched: [String]

    var description: String {
      "the built lane executable was not found; run `swift build` first or set LANE_EXECUTABLE."
        + " Looked in: " + searched.joined(separator: ", ")
    }
  }

  let url: URL

  /// Finds `lane`: `LANE_EXECUTABLE` if set, else beside the test bundle in the build
  /// products directory (or a few folders above it), else under `.build/debug`.
  init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    if let path = environment["LANE_EXECUTABLE"], !path.isEmpty {
      url = URL(fileURLWithPath: path)
      return
    }
    var candidates: [URL] = []
    for start in [Bundle.main.executableURL, Bundle.main.bundleURL].compactMap({ $0 }) {
      var folder = start.deletingLastPathComponent()
      for _ in 0..<4 {
        candidates.append(folder.appendingPathComponent("lane"))
        folder = folder.deletingLastPathComponent()
      }
    }
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(packageRoot.appendingPathComponent(".build/debug/lane"))
    guard
      let found = candidates.first(where: { candidate in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory)
          && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: candidate.path)
      })
    else {
      throw NotFound(searched: candidates.map(\.path))
    }
    url = found
  }

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
