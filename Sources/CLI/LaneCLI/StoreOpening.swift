import CentreStore
import LaneBridge

/// The desk's store as `lane`'s commands open it: once for the process, and handed to what
/// needs it; a refusal or a failure is the command's, with its exit status.
public enum StoreOpening {
  /// Opens the store at `path` for the rest of the process.
  ///
  /// - Throws: ``LaneFailure``: the store's refusal.
  public static func open(
    _ path: String, access: RecordStore.Access, checkingIntegrity: Bool = false
  ) throws(LaneFailure) -> RecordStore {
    do {
      return try RecordStore.open(at: path, access: access, checkingIntegrity: checkingIntegrity)
    } catch {
      throw LaneFailure.of(error)
    }
  }

  /// Closes `store`: SQLite checkpoints its WAL into the file.
  ///
  /// - Throws: ``LaneFailure``: 74 when SQLite fails.
  public static func close(_ store: RecordStore) throws(LaneFailure) {
    do { try store.close() } catch { throw LaneFailure.of(error) }
  }

  /// Opens the store at `path`, answers `body` from it and closes it: what a `lane records`
  /// command does, once.
  ///
  /// - Throws: ``LaneFailure``: the store's refusal, or what `body` threw.
  @discardableResult
  public static func using<T>(
    _ path: String, access: RecordStore.Access, _ body: (RecordStore) throws -> T
  ) throws(LaneFailure) -> T {
    let store = try open(path, access: access)
    let answer: T
    do {
      answer = try body(store)
    } catch {
      try? store.close()
      throw LaneFailure.of(error)
    }
    try close(store)
    return answer
  }

  /// `lane records check`: SQLite's integrity check of the whole store at `path`, opened
  /// read-only; `report` is given `ok`, or each problem.
  ///
  /// - Throws: ``LaneFailure``: the store's refusal; 65, after `report` was given each
  ///   problem, when SQLite finds the store damaged.
  public static func check(_ path: String, report: (String) -> Void) throws(LaneFailure) {
    let problems = try using(path, access: .readOnly) { store in try store.integrityProblems() }
    guard !problems.isEmpty else { return report("ok") }
    for problem in problems { report(problem) }
    throw LaneFailure.of(StoreError.damaged(path: path, details: problems.prefix(3).joined(separator: "; ")))
  }
}
