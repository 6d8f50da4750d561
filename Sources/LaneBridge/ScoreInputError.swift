import Bowling

/// Why `lane score` cannot score its input, and the exit status that tells a script which kind.
public enum ScoreInputError: Error, Hashable, Sendable {
  /// The command line is malformed (exit status 64, `EX_USAGE`).
  case usage(RollError)
  /// The balls are readable but cannot have happened (exit status 65, `EX_DATAERR`).
  case impossible(ScoringError, token: String)

  /// The sysexits.h status for this error.
  public var exitStatus: Int32 {
    switch self {
    case .usage: ExitStatus.usage.rawValue
    case .impossible: ExitStatus.dataError.rawValue
    }
  }
}

extension ScoreInputError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .usage(let error): error.description
    case .impossible(let error, let token): "\(error) (roll '\(token)')"
    }
  }
}
