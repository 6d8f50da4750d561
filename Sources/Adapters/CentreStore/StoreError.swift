/// Why the desk's store cannot be opened or written: each refusal leaves the file as it was.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No file at the path, for a command that only reads the store.
  case missing(path: String)
  /// Something other than a regular file is at the path: a symbolic link (never followed),
  /// a FIFO, a device, a folder.
  case notARegularFile(path: String, kind: String)
  /// The file is not LaneBridge's store: not SQLite at all, or another program's SQLite file.
  case notOurs(path: String, reason: String)
  /// The store was written by a newer LaneBridge: its schema has steps this build lacks.
  case newerSchema(path: String, unknown: [String])
  /// SQLite's integrity check found the file damaged.
  case damaged(path: String, details: String)
  /// The file cannot be created where it was asked for (a missing or read-only folder).
  case cannotCreate(path: String, reason: String)
  /// An existing store the desk would write cannot be: its folder (where SQLite writes the
  /// `-wal` and `-shm` files beside it) or the file itself may not be written.
  case cannotWrite(path: String, reason: String)
  /// SQLite failed to open, read or write the file.
  case io(path: String, reason: String)
  /// A bowler id that no stored game has.
  case unknownBowler(path: String, id: String)
  /// A link of a bowler to itself, or to an id already linked to it.
  case sameBowler(path: String, id: String, other: String)

  public var description: String {
    switch self {
    case .missing(let path):
      "the store \(path) does not exist"
    case .notARegularFile(let path, let kind):
      "the store \(path) is \(kind), not a regular file; it was left as it is"
    case .notOurs(let path, let reason):
      "\(path) is not a LaneBridge store (\(reason)); it was left as it is"
    case .newerSchema(let path, let unknown):
      "the store \(path) has schema steps this lane does not know (\(unknown.joined(separator: ", "))): "
        + "it was written by a newer LaneBridge; use that version; the file was left as it is"
    case .damaged(let path, let details):
      "the store \(path) is damaged (SQLite's integrity check: \(details)); restore it from a backup "
        + "or rebuild it from the lanes' journals; the file was left as it is"
    case .cannotCreate(let path, let reason):
      "cannot create the store \(path): \(reason)"
    case .cannotWrite(let path, let reason):
      "the store \(path) cannot be written: \(reason); it was left as it is"
    case .io(let path, let reason):
      "cannot use the store \(path): \(reason)"
    case .unknownBowler(let path, let id):
      "the store \(path) has no game of the bowler '\(id)'; lane records averages --json lists each bowler's id"
    case .sameBowler(let path, let id, let other):
      "'\(id)' is '\(other)' in the store \(path) already; nothing was linked"
    }
  }
}
