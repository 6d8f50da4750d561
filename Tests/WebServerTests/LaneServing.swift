import Foundation
import Synchronization
import TestSupport

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

  let process: ChildProcess
  private let errors = Text()
  /// The port the boards are served on.
  private(set) var port = 0

  /// The package's root folder.
  static var packageRoot: URL { PackageFolder.root }

  /// Where `lane` was built (``BuiltProduct/lane``).
  static func executable() throws -> String { try BuiltProduct.lane }

  /// Starts `lane` with these arguments and waits until it says where it serves
  /// (`serving the boards on …`, `serving the desk on …`).
  init(_ arguments: [String], serving: String = "the boards") throws {
    process = try ChildProcess(try Self.executable(), arguments, error: .pipe(.outOfChild))
    let standardError = process.standardError!
    Thread { [errors] in
      try? standardError.readLines { lines in
        errors.value.withLock { $0 += lines.map { $0 + "\n" }.joined() }
      }
    }.start()
    let text = try waitForError { $0.contains("serving \(serving) on http://127.0.0.1:") || $0.contains("serving \(serving) on https://127.0.0.1:") }
    guard let range = text.range(of: "://127.0.0.1:"),
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
    process.stop(signal: SIGTERM, within: .seconds(60))
  }
}
