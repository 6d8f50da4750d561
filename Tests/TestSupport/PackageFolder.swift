import Foundation

/// The folders of this package's clone, found from this source file's path, for the files
/// the tests read (traces, wiring files, the built `lane`).
public enum PackageFolder {
  /// The package's root folder, the one holding Package.swift.
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // TestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// `relativePath` under the package's root, such as `Hardware/wiring`.
  public static func url(_ relativePath: String) -> URL {
    root.appendingPathComponent(relativePath)
  }
}
