import Foundation
import TestSupport

/// The built `lane` executable, run the way a user runs it, with its output captured.
struct LaneExecutable {
  /// What one run printed and how it exited.
  struct Run: Sendable {
    let standardOutput: String
    let standardError: String
    let status: Int32
  }

  /// Why the executable could not be found.
  struct NotFound: Error, CustomStringConvertible {
    let searched: [String]

    var description: String {
      "the built lane executable was not found; run `swift build` first or set LANE_EXECUTABLE."
        + " Looked in: " + searched.joined(separator: ", ")
    }
  }

  let url: URL

  /// Finds `lane`: `LANE_EXECUTABLE` if set, else beside the test bundle in the build products
  /// directory (or a few folders above it, for bundle layouts), else under this package's
  /// `.build/debug`.
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
    candidates.append(PackageFolder.url(".build/debug/lane"))

    let fileManager = FileManager.default
    guard
      let found = candidates.first(where: { candidate in
        var isDirectory: ObjCBool = false
        return fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory)
          && !isDirectory.boolValue && fileManager.isExecutableFile(atPath: candidate.path)
      })
    else {
      throw NotFound(searched: candidates.map(\.path))
    }
    url = found
  }

  /// Runs `lane` with these arguments, output to pipes (not a terminal), and waits for it.
  ///
  /// - Parameters:
  ///   - input: Written to the command's standard input, which is then closed; without it
  ///     standard input is empty.
  ///   - directory: The command's working directory, for relative paths; else the tests'.
  func run(
    _ arguments: [String], environment: [String: String] = [:], input: String = "",
    in directory: String? = nil
  ) throws -> Run {
    let process = Process()
    process.executableURL = url
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    let standardInput = Pipe()
    process.standardInput = standardInput
    try process.run()
    standardInput.fileHandleForWriting.write(Data(input.utf8))
    try standardInput.fileHandleForWriting.close()
    // The outputs are small; reading stdout then stderr to the end cannot fill a pipe.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self),
      status: process.terminationStatus)
  }
}
