import Journal

extension JournalError.Kind {
  /// The exit status a command ends with for a journal error of this kind: the one place
  /// journal errors meet the exit status table (docs/running.md).
  public var exitStatus: ExitStatus {
    switch self {
    case .io: .ioError
    case .noInput: .noInput
    case .inUse: .temporaryFailure
    case .data: .dataError
    }
  }
}

extension JournalError {
  /// The exit status a command ends with for this error.
  public var exitStatus: ExitStatus { kind.exitStatus }
}
