import CentreRecords
import CentreStore
import GPIO
import Journal
import LaneBridge
import RecordsPresentation
import WebServer

/// The one table from the errors of the rings below `lane` to its exit statuses and
/// messages: a journal's, the GPIO lines', a recording's, a board server that cannot
/// listen, the store's refusals and failures, a journal that cannot be imported, a league
/// or a session the store has no record of (docs/errors.md).
extension LaneFailure {
  /// `error` as `lane` exits with it, when it is one of the rings' errors; `nil` for any
  /// other (ArgumentParser's own, which it reports itself).
  public init?(recognizing error: any Error) {
    switch error {
    case let failure as LaneFailure: self = failure
    case let error as JournalError: self.init(error.exitStatus, error.description)
    case let error as GPIOError: self.init(.ioError, error.description)
    case let error as RecordingFile.Failure: self.init(.ioError, error.description)
    case let error as BoardServerService.StartError: self.init(.unavailable, error.description)
    case let error as StoreError: self.init(ExitStatus(error), error.description)
    case let error as JournalImport.Failure: self.init(ExitStatus(error), error.description)
    case let error as NoLeagueNight: self.init(.dataError, error.description)
    case let error as ScoreSheet.NoSheet: self.init(.dataError, error.description)
    case let error as EncodingError: self.init(.software, "cannot write a line of JSON: \(error)")
    default: return nil
    }
  }

  /// `error` as a `lane records` command exits with it: one of the rings' errors with its
  /// status, anything else 65.
  public static func of(_ error: any Error) -> LaneFailure {
    LaneFailure(recognizing: error) ?? LaneFailure(.dataError, "\(error)")
  }
}

extension ExitStatus {
  /// The status `lane` exits with when the store refuses or fails.
  public init(_ error: StoreError) {
    switch error {
    case .missing, .notARegularFile: self = .noInput
    case .notOurs, .newerSchema, .damaged, .unknownBowler, .sameBowler: self = .dataError
    case .cannotCreate, .cannotWrite: self = .cannotCreate
    case .io: self = .ioError
    }
  }

  /// The status `lane records import` exits with when a journal cannot be imported.
  public init(_ error: JournalImport.Failure) {
    switch error {
    case .unreadable(let error): self = error.exitStatus
    case .namingGivenWrong: self = .usage
    case .notImportable: self = .dataError
    }
  }
}
