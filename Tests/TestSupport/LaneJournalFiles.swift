import Foundation

/// A lane's journal and its closed sessions as files, read the way tests count what a lane
/// journalled: files that cannot be read hold nothing.
public struct LaneJournalFiles: Sendable {
  /// The journal's path.
  public let journal: String

  public init(_ journal: String) { self.journal = journal }

  /// The closed sessions' archives (`JOURNAL.sessions/*.journal`).
  public var closedSessions: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: journal + ".sessions")) ?? [])
      .filter { $0.hasSuffix(".journal") }.map { journal + ".sessions/" + $0 }
  }

  /// The throw records in the closed sessions and in the journal.
  public var throwRecords: (closed: Int, current: Int) {
    (closedSessions.map(Self.throwRecords(inFile:)).reduce(0, +), Self.throwRecords(inFile: journal))
  }

  /// The throw records in the journal file at `path`.
  public static func throwRecords(inFile path: String) -> Int {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").components(separatedBy: "\"event\":\"throw\"").count - 1
  }
}
