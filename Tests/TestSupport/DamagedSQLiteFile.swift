import Foundation
import Testing

/// Damage done to an SQLite file the way a bad disk does it, for the store's integrity check:
/// a table's root page overwritten with zeros, its rows then unreadable, while the file's
/// header and schema, which opening reads, stay whole.
public enum DamagedSQLiteFile {
  /// `sqlite3`, which finds the table's page (Debian's sqlite3).
  public static let tool = "/usr/bin/sqlite3"
  /// Whether ``tool`` is there.
  public static let canDamage = FileManager.default.isExecutableFile(atPath: tool)
  /// Why a test that damages a file is skipped.
  public static let skipReason: Comment = "Needs sqlite3 (Debian's sqlite3) to find a table's page"

  /// Overwrites the root page of `table` in the SQLite file at `path` with zeros.
  public static func zeroRootPage(of table: String, inFileAt path: String) throws {
    let query = Process()
    query.executableURL = URL(fileURLWithPath: tool)
    query.arguments = [
      path, "SELECT rootpage, (SELECT page_size FROM pragma_page_size) FROM sqlite_master WHERE name = '\(table)'",
    ]
    let output = Pipe()
    query.standardOutput = output
    try query.run()
    let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    query.waitUntilExit()
    let numbers = answer.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").compactMap { Int($0) }
    guard query.terminationStatus == 0, numbers.count == 2 else {
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: answer])
    }
    let (page, size) = (numbers[0], numbers[1])
    let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? file.close() }
    try file.seek(toOffset: UInt64((page - 1) * size))
    try file.write(contentsOf: Data(repeating: 0, count: size))
    try file.synchronize()
  }
}
