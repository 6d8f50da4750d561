import LaneBridge

extension StoreError {
  /// The status a `lane` command exits with when the store refuses (docs/running.md).
  public var exitStatus: ExitStatus {
    switch self {
    case .missing, .notARegularFile: .noInput
    case .notOurs, .newerSchema, .damaged, .unknownBowler, .sameBowler: .dataError
    case .cannotCreate, .cannotWrite: .cannotCreate
    case .io: .ioError
    }
  }

  /// The error as the failure `lane` prints and exits with.
  public var failure: LaneFailure { LaneFailure(exitStatus, description) }
}

extension LaneFailure {
  /// `error` as `lane records` exits with it: a store's refusal with its status, a failure
  /// as it is, anything else (a league the store has no night of, no such sheet) 65.
  public static func of(_ error: any Error) -> LaneFailure {
    switch error {
    case let error as StoreError: error.failure
    case let error as LaneFailure: error
    default: LaneFailure(.dataError, "\(error)")
    }
  }
}
