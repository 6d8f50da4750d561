import LaneBridge

extension StoreError {
  /// The status a `lane` command exits with when the store refuses (docs/running.md).
  public var exitStatus: ExitStatus {
    switch self {
    case .missing, .notARegularFile: .noInput
    case .notOurs, .newerSchema, .damaged: .dataError
    case .cannotCreate, .cannotWrite: .cannotCreate
    case .io: .ioError
    }
  }

  /// The error as the failure `lane` prints and exits with.
  public var failure: LaneFailure { LaneFailure(exitStatus, description) }
}
