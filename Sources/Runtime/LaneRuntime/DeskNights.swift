import Foundation
import Journal
import LaneBridge
import LaneConfiguration
import League
import POSIX
import SafeFiles

#if canImport(Glibc)
  import Glibc
#endif

/// The league nights a pair started from the desk: kept in `nights/` beside the left lane's
/// journal, each night's file and its journal (`2026-11-27-1900-tuesday-mixed.toml` and
/// `.journal`), and `current`, which names the night being bowled, so that a pair restarted
/// mid-night resumes it.
///
/// Rules, each with its reason:
/// 1. The night's text is checked (``LeagueNightFile/parse(text:file:)``) before anything is
///    written: a night that cannot be bowled changes nothing, and its problems are the
///    refusal's reason.
/// 2. Files are only created, never replaced (`NewFile`), except `current`, which is put in
///    place in one step: a crash leaves the night started or not, never half of it.
/// 3. A `current` that names no night file there, or is not ours, is refused with what to
///    do, never guessed around: the pair does not start on a night nobody can account for.
public struct DeskNights: Sendable {
  /// A night the desk started: its file and its journal.
  public typealias Night = PairMachine.DeskNight

  /// The `nights/` folder.
  public let folder: String
  /// The longest `current` read, in bytes: one night's name.
  static let markerLimit = 256

  /// The nights kept beside the left lane's journal `journal`.
  public init(besideJournal journal: String) {
    folder = NewFile.split(journal).folder + "/nights"
  }

  private var marker: String { folder + "/current" }

  /// The id of the night `night`'s journal holds, as the sessions its lanes open after it
  /// follow (``SessionRotation`` rule 5); none when the journal cannot be read, and then
  /// the lanes' clocks, which moved on while the night was bowled, order them.
  public static func session(of night: Night) -> [String] {
    guard let first = try? JournalReader(path: night.journal).entries(after: 0, limit: 1).entries.first else { return [] }
    return [SessionRotation.id(of: first)]
  }

  /// The night being bowled, when one was started and not ended (rule 3).
  ///
  /// - Throws: ``Failure``: `current` cannot be read, or names no night of this folder.
  public func current() throws(Failure) -> Night? {
    var status = stat()
    guard lstat(marker, &status) == 0 else {
      guard errno == ENOENT else {
        throw .cannotLook(marker: marker, errno: errno)
      }
      return nil
    }
    let name: String
    do {
      name = try FileContents.read(marker, maximumSize: Self.markerLimit, kind: "the pair's current night's name")
        .trimmingCharacters(in: .whitespacesAndNewlines)
    } catch {
      throw .unreadable(marker: marker, reason: error.reason)
    }
    let night = Night(file: "\(folder)/\(name).toml", journal: "\(folder)/\(name).journal")
    guard Self.isName(name), access(night.file, F_OK) == 0 else {
      throw .namesNoNight(marker: marker, folder: folder, name: name)
    }
    return night
  }

  /// Checks `text` (rule 1), then writes it as a new night file and makes it the current
  /// night (rule 2).
  ///
  /// - Returns: The night, and its league's name.
  /// - Throws: ``JournalRequest/Refused`` with the night's problems;
  ///   ``Failure/cannotWrite(_:)`` when the folder or a file cannot be created.
  public func start(_ text: String, at date: Date) throws -> (night: Night, league: String) {
    let league: LeagueNight
    do {
      league = try LeagueNightFile.parse(text: text, file: "the night sent")
    } catch {
      throw JournalRequest.Refused(reason: "\(error)")
    }
    do throws(FileProblem) {
      try makeFolder()
      let name = try write(text, named: Self.name(of: league.settings.name, at: date))
      let current = try NewFile(for: marker)
      try current.write(Array((name + "\n").utf8))
      try current.commit(replacing: true)
      return (Night(file: "\(folder)/\(name).toml", journal: "\(folder)/\(name).journal"), league.settings.name)
    } catch {
      throw Failure.cannotWrite(error)
    }
  }

  /// Ends the current night: the pair goes back to open play, the night's files stay.
  ///
  /// - Throws: ``Failure``: `current` cannot be removed, or its folder synced.
  public func end() throws(Failure) {
    guard unlink(marker) == 0 || errno == ENOENT else {
      throw .cannotRemove(marker: marker, errno: errno)
    }
    do {
      try NewFile.syncFolder(of: marker)
    } catch {
      throw .cannotWrite(error)
    }
  }

  /// A night's name: its date and time and its league's name in letters and digits.
  static func name(of league: String, at date: Date) -> String {
    var time = tm()
    var seconds = time_t(date.timeIntervalSince1970)
    localtime_r(&seconds, &time)
    let stamp = String(
      format: "%04d-%02d-%02d-%02d%02d", Int(time.tm_year) + 1900, Int(time.tm_mon) + 1, Int(time.tm_mday),
      Int(time.tm_hour), Int(time.tm_min))
    let words = league.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    let slug = String(words.joined(separator: "-").prefix(48))
    return slug.isEmpty ? stamp : "\(stamp)-\(slug)"
  }

  /// Whether `name` could be a night's name: no path, no hidden file.
  static func isName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 100 && !name.hasPrefix(".")
      && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
  }

  private func makeFolder() throws(FileProblem) {
    guard mkdir(folder, 0o755) == 0 else {
      let error = errno
      var status = stat()
      guard error == EEXIST, lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
        throw FileProblem(operation: "create the folder", path: folder, errno: error)
      }
      return
    }
    try NewFile.syncFolder(of: folder)
  }

  /// Writes the night file under `name`, or `name-2`, `-3`… when one is there: never over
  /// another night.
  private func write(_ text: String, named name: String) throws(FileProblem) -> String {
    for attempt in 1...100 {
      let candidate = attempt == 1 ? name : "\(name)-\(attempt)"
      do {
        try NewFile.write(Array(text.utf8), toNew: "\(folder)/\(candidate).toml")
        return candidate
      } catch let problem where problem.errno == EEXIST {
        continue
      }
    }
    throw FileProblem(operation: "create a night file in", path: folder, errno: EEXIST)
  }
}
