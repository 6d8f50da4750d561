import Foundation

/// The executables this package builds (`lane`, `gpio-sim-drive`), found where the tests
/// running now were built.
public enum BuiltProduct {
  /// Why an executable was not found, and where it was looked for.
  public struct NotFound: Error, CustomStringConvertible {
    public let name: String
    public let searched: [String]

    public var description: String {
      "the built \(name) executable was not found; run `swift build --build-tests` first"
        + (name == "lane" ? " or set LANE_EXECUTABLE" : "") + ". Looked in: "
        + searched.joined(separator: ", ")
    }
  }

  /// The built `lane`: `LANE_EXECUTABLE` when set, else ``path(_:)``.
  public static var lane: String {
    get throws {
      if let path = ProcessInfo.processInfo.environment["LANE_EXECUTABLE"], !path.isEmpty { return path }
      return try path("lane")
    }
  }

  /// The executable `name` beside the test bundle in the build products folder (or a few
  /// folders above it, for bundle layouts), else under this package's `.build/debug`.
  ///
  /// - Throws: ``NotFound`` naming every place looked in.
  public static func path(_ name: String) throws -> String {
    var candidates: [URL] = []
    for start in [Bundle.main.executableURL, Bundle.main.bundleURL].compactMap({ $0 }) {
      var folder = start.deletingLastPathComponent()
      for _ in 0..<4 {
        candidates.append(folder.appendingPathComponent(name))
        folder = folder.deletingLastPathComponent()
      }
    }
    candidates.append(PackageFolder.url(".build/debug/\(name)"))
    let found = candidates.first { candidate in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory)
        && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: candidate.path)
    }
    guard let found else { throw NotFound(name: name, searched: candidates.map(\.path)) }
    return found.path
  }
}
