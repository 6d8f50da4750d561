import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// `lane simulate --http` running in the background, as a user starts it: found beside the
/// tests (or at `LANE_EXECUTABLE`), its stderr read for the address it serves on, stopped
/// by its pid.
final class LaneServing {
  struct Failure: Error, CustomStringConvertible { let description: String }

  /// What `lane` wrote on stderr, appended to as it arrives.
  private final class Text: Sendable {
    let value = Mutex("")
  }

  let process = Process()
  private let errors = Text()
  /// The port the boards are served on.
  private(set) var port = 0

  /// The package's root folder, from this file's place in it.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Where `lane` was built: `LANE_EXECUTABLE`, or beside the test bundle, or `.build/debug`.
  static func executable() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["LANE_EXECUTABLE"], !path.isEmpty { return URL(fileURLWithPath: path) }
    var candidates: [URL] = []
    for start in [Bundle.main.executableURL, Bundle.main.bundleURL].compactMap({ $0 }) {
      var folder = start.deletingLastPathComponent()
      for _ in 0..<4 {
        candidates.append(folder.appendingPathComponent("lane"))
        folder = folder.deletingLastPathComponent()
      }
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/lane"))
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
      throw Failure(description: "no built lane; run swift build. Looked in \(candidates.map(\.path))")
    }
    return found
  }

  /// Starts `lane` with these arguments and waits until it says where it serves.
  init(_ arguments: [String]) throws {
    process.executableURL = try Self.executable()
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    let pipe = Pipe()
    process.standardError = pipe
    pipe.fileHandleForReading.readabilityHandler = { [errors] handle in
      let data = handle.availableData
      errors.value.withLock { $0 += String(decoding: data, as: UTF8.self) }
    }
    try process.run()
    let text = try waitForError { $0.contains("serving the boards on http://127.0.0.1:") }
    guard let range = text.range(of: "http://127.0.0.1:"),
      let port = Int(text[range.upperBound...].prefix { $0.isNumber })
    else { throw Failure(description: "no port in lane's stderr:\n\(text)") }
    self.port = port
  }

  deinit { stop() }

  /// What `lane` wrote on stderr so far.
  var standardError: String { errors.value.withLock { $0 } }

  /// Waits until stderr holds what `done` looks for.
  @discardableResult
  func waitForError(within seconds: Double = 60, _ done: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let text = standardError
      if done(text) { return text }
      if !process.isRunning { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw Failure(description: "lane did not say it in \(seconds)s; its stderr:\n\(standardError)")
  }

  /// Stops `lane` with SIGTERM by its pid and returns its exit status.
  @discardableResult
  func stop() -> Int32 {
    if process.isRunning { kill(process.processIdentifier, SIGTERM) }
    process.waitUntilExit()
    (process.standardError as? Pipe)?.fileHandleForReading.readabilityHandler = nil
    return process.terminationStatus
  }
}
