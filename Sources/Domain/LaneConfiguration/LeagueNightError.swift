/// Everything wrong with one league night file, each problem with its key and line.
public struct LeagueNightError: Error, Sendable, Equatable {
  /// One thing wrong with the file: its key (`league.games`, `teams[2].bowlers[1]`), its
  /// line and what to do, as a lane config file's problems are.
  public typealias Problem = LaneConfigError.Problem

  /// The file's name as the user gave it.
  public var file: String
  /// The problems in the order of the file's lines; never empty.
  public var problems: [Problem]
  /// Whether the file could not be read at all, or is not text (exit 66), rather than
  /// holding a night that cannot be played (65).
  public var isUnreadable: Bool

  public init(file: String, problems: [Problem], isUnreadable: Bool = false) {
    self.file = file
    self.problems = problems
    self.isUnreadable = isUnreadable
  }
}

extension LeagueNightError: CustomStringConvertible {
  /// Every problem on its own line, prefixed with the file, as compilers print them:
  /// `tuesday.toml: line 3: league.games: must be 1 to 5`.
  public var description: String { LaneConfigError.listing(problems, of: file) }
}
