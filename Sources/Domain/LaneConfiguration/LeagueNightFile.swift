import League
import SafeFiles
import TOMLKit

/// A league night file (`lane simulate --league FILE`): the league's settings under
/// `[league]` and the two teams that meet on a pair, each a `[[teams]]` table, read into a
/// ``LeagueNight`` that can be played.
///
/// ```toml
/// [league]
/// name = "Tuesday Mixed"
/// games = 3
/// handicap_basis = 220
/// handicap_percentage = 90
///
/// [[teams]]
/// name = "Pin Pals"
/// start_lane = "left"
/// bowlers = [ { name = "Ana", average = 172 }, { name = "Ben", average = 141, absent = true } ]
///
/// [[teams]]
/// name = "Gutter Kings"
/// start_lane = "right"
/// bowlers = [ { name = "Cy", average = 188 }, { vacancy = true } ]
/// ```
///
/// Every problem is reported at once with its key and line: the file's own (an unknown or
/// missing key, a value of the wrong type, a name the journal could not hold) and the
/// night's (``LeagueNight/problems``: a percentage over 100, a bowler twice on a team).
public enum LeagueNightFile {
  /// The largest night file read, 64 KiB; real ones are well under 2.
  public static let maximumSize = 64 << 10

  /// The longest name of a league, team or bowler, in characters: the journal's limit.
  public static let maximumNameLength = 100

  /// The keys a night file's top level may have.
  public static let topLevelKeys = ["league", "teams"]
  /// The keys of its `[league]` table, required ones first.
  public static let leagueKeys = [
    "name", "games", "handicap_basis", "handicap_percentage", "handicap_max",
    "handicap_allow_negative", "absentee_offset", "vacancy_score", "points_per_game",
    "points_per_series", "late_arrival", "late_until_frame",
  ]
  /// The keys of each `[[teams]]` table, all required.
  public static let teamKeys = ["name", "start_lane", "bowlers"]
  /// The keys of a bowler in a team's `bowlers`, required ones first. A vacancy is
  /// `{ vacancy = true }` and has no other key.
  public static let bowlerKeys = ["name", "average", "absent", "late"]

  /// Reads and checks the night file at `path`: a regular file (never a symbolic link, a
  /// FIFO or a device) of at most ``maximumSize`` bytes.
  ///
  /// - Throws: A ``LeagueNightError`` naming `path`; ``LeagueNightError/isUnreadable`` when
  ///   the file could not be read or is not text.
  public static func read(path: String) throws(LeagueNightError) -> LeagueNight {
    try readWithText(path: path).night
  }

  /// Reads and checks the night file at `path` as ``read(path:)`` does, at most
  /// `maximumSize` bytes, keeping its text: what the desk sends a pair (`start-league`).
  ///
  /// - Throws: As ``read(path:)``.
  public static func readWithText(
    path: String, maximumSize: Int = maximumSize
  ) throws(LeagueNightError) -> (night: LeagueNight, text: String) {
    let text: String
    do {
      text = try FileContents.read(path, maximumSize: maximumSize, kind: "a league night file")
    } catch {
      throw LeagueNightError(
        file: path, problems: [.init(key: "", message: "cannot read the file: \(error.reason)")],
        isUnreadable: true)
    }
    return (try parse(text: text, file: path), text)
  }

  /// Parses and checks the text of a night file.
  ///
  /// - Parameters:
  ///   - text: The file's contents, TOML.
  ///   - file: The file's name, for messages.
  /// - Throws: A ``LeagueNightError`` with every problem found (a syntax error alone);
  ///   ``LeagueNightError/isUnreadable`` when the text holds a NUL or undecodable byte.
  public static func parse(text: String, file: String) throws(LeagueNightError) -> LeagueNight {
    let root: TOMLTable
    do {
      root = try TOMLDocument.root(of: text, kind: "a league night file")
    } catch {
      throw LeagueNightError(
        file: file, problems: [.init(key: "", line: error.line, message: error.message)],
        isUnreadable: error.isNotText)
    }
    var reader = LeagueNightReader(text: text)
    let night = reader.night(from: root)
    guard reader.problems.isEmpty else {
      throw LeagueNightError(file: file, problems: LaneConfigError.Problem.inLineOrder(reader.problems))
    }
    return night
  }
}
