import CentreLink
import CentreRecords
import CentreStore
import GPIO
import Journal
import LaneBridge
import LaneConfiguration
import LaneControl
import LaneHardware
import LaneRuntime
import MQTT
import POSIX
import RecordsPresentation
import WebServer

/// The one table from the errors of the rings below `lane` to its exit statuses and
/// messages: a journal's, the GPIO lines', a recording's, a board server that cannot
/// listen, the store's refusals and failures, a journal that cannot be imported, a league
/// or a session the store has no record of, a records page's template that cannot be used,
/// and the runtime's: the desk's users file and nights, a request to a lane, a link's start,
/// a journal that is not the lane's or the night's, a lane of a pair, a command's services,
/// a headless print, a calibration (docs/errors.md).
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
    case let error as RecordsPageTemplate.Failure: self.init(.software, error.description)
    case let error as EncodingError: self.init(.software, "cannot write a line of JSON: \(error)")
    default:
      guard let failure = Self(runtime: error) ?? Self(centre: error) else { return nil }
      self = failure
    }
  }

  /// `error` as a `lane records` command exits with it: one of the rings' errors with its
  /// status, anything else 65.
  public static func of(_ error: any Error) -> LaneFailure {
    LaneFailure(recognizing: error) ?? LaneFailure(.dataError, "\(error)")
  }

  /// The runtime's errors (`LaneRuntime`, `LaneHardware`) and the lower rings' they let
  /// through: the desk's users file and nights, a lane's hardware and calibration, a
  /// request to a lane, a journal that is not the lane's or the night's, a lane of a pair,
  /// a command's services, a headless print.
  private init?(runtime error: any Error) {
    switch error {
    case let error as DeskUsers.Failure: self.init(ExitStatus(error), error.description)
    case let error as DeskNights.Failure: self.init(ExitStatus(error), error.description)
    case let error as HeadlessPrint.Failure: self.init(ExitStatus(error), error.description)
    case let error as LaneSetupError: self.init(ExitStatus(error), error.description)
    case let error as LaneCalibration.Failure:
      // The re-check's report already said what drifted: nothing more to print.
      let drift = if case .driftFound = error { true } else { false }
      self.init(ExitStatus(error), drift ? "" : error.description)
    case let error as JournalRequest.Failure: self.init(ExitStatus(error), error.description)
    case let error as JournalRequest.Refused: self.init(.dataError, error.reason)
    case let error as ControlClient.Failure: self.init(error.exitStatus, error.description)
    case let error as ControlSocket.SetupError: self.init(.cannotCreate, error.description)
    case let error as JournalSetupError: self.init(.dataError, error.description)
    case let error as LeagueNightError: self.init(error.isUnreadable ? .noInput : .dataError, error.description)
    case let error as WakeEvent.CreationError: self.init(.osError, error.description)
    case let error as PairSensorFailure: self.init(.ioError, error.description)
    case let error as PairLaneError:
      let prefix = error.lane.map { "\($0): " } ?? ""
      switch error.problem {
      case .failed(let failure):
        // The lane's own error as it is told alone, after the lane's id.
        let alone = LaneFailure(recognizing: failure) ?? LaneFailure(.software, "\(failure)")
        self.init(alone.status, prefix + alone.message)
      case .trace: self.init(.dataError, error.description)
      case .unreadable: self.init(.ioError, error.description)
      }
    case let error as RunFailure:
      switch error {
      case .service(let failure): self = LaneFailure(recognizing: failure) ?? LaneFailure(.software, "\(failure)")
      case .loopWait: self.init(.osError, error.description)
      }
    default: return nil
    }
  }

  /// The centre link's errors: a link's start, the broker's, the acknowledgement file's,
  /// the desk page's TLS files.
  private init?(centre error: any Error) {
    switch error {
    case let error as LinkStartError: self.init(ExitStatus(error), error.description)
    case let error as LaneLink.StartFailure:
      let refused = if case .refused = error.error.problem { true } else { false }
      self.init(refused ? .noPermission : .badConfiguration, error.description)
    case let error as MQTTError: self.init(ExitStatus(brokerFailure: error), error.description)
    case let error as AcknowledgementFile.Failure:
      self.init(error.kind == .notOurs ? .dataError : .noInput, error.description)
    case let error as DeskTLS.Problem: self.init(error.isUnreadableFile ? .noInput : .badConfiguration, error.description)
    default: return nil
    }
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

  /// The status for a broker failure: 77 when it refused us, 78 for TLS or the host name
  /// (settings to fix), 69 when it cannot be reached or libmosquitto is not installed.
  public init(brokerFailure error: MQTTError) {
    if case .refused = error.problem {
      self = .noPermission
    } else {
      self = error.isSettingsProblem ? .badConfiguration : .unavailable
    }
  }

  /// The status for the desk's users file: 66 missing or unreadable, 78 open to others, 65
  /// not a users file or a password refused, 73 cannot be written, 74 standard input
  /// unreadable.
  public init(_ error: DeskUsers.Failure) {
    switch error {
    case .unreadable: self = .noInput
    case .notAccepted: self = .badConfiguration
    case .notAUsersFile, .passwordRefused, .passwordTooLong, .noPassword, .passwordNotText: self = .dataError
    case .cannotWrite: self = .cannotCreate
    case .passwordUnreadable: self = .ioError
    }
  }

  /// The status for the desk's nights: 66 `current` unreadable, 65 naming no night, 73
  /// cannot be written or removed.
  public init(_ error: DeskNights.Failure) {
    switch error {
    case .cannotLook, .unreadable: self = .noInput
    case .namesNoNight: self = .dataError
    case .cannotWrite, .cannotRemove: self = .cannotCreate
    }
  }

  /// The status for a headless print: 69 Chromium missing or failing, 73 the PDF cannot be
  /// put at its path, 74 the scratch folder cannot be made or written.
  public init(_ error: HeadlessPrint.Failure) {
    switch error {
    case .noChromium, .cannotStart, .didNotPrint: self = .unavailable
    case .destinationTaken, .cannotWritePDF: self = .cannotCreate
    case .noScratchFolder, .cannotWritePage: self = .ioError
    }
  }

  /// The status for a lane's hardware: 78 the wiring (or its bias), 77 no permission for
  /// the chip, 69 a chip or line that is unavailable.
  public init(_ error: LaneSetupError) {
    switch error {
    case .wiring, .mixedBias: self = .badConfiguration
    case .gpio(let error):
      if case .permissionDenied = error.problem { self = .noPermission } else { self = .unavailable }
    }
  }

  /// The status for `lane calibrate`: 73 the wiring cannot be saved, the hardware's, 74
  /// the lines cannot be read, 69 no free line, 75 the technician stopped or the deck did
  /// not match, 1 the re-check found drift.
  public init(_ error: LaneCalibration.Failure) {
    switch error {
    case .cannotSave: self = .cannotCreate
    case .setup(let error): self.init(error)
    case .calibration(.sensor): self = .ioError
    case .calibration(.noFreeLines): self = .unavailable
    case .calibration: self = .temporaryFailure
    case .driftFound: self = .checkFoundDrift
    }
  }

  /// The status for a request to a lane: 64 it cannot be sent, 65 the lane refused it, 69
  /// its socket refused every connection.
  public init(_ error: JournalRequest.Failure) {
    switch error {
    case .unsendable: self = .usage
    case .refusedByLane: self = .dataError
    case .socketRefused: self = .unavailable
    }
  }

  /// The status for a link that cannot start: 64 no lane's name or id, 65 a journal that
  /// cannot be published, 78 settings the link refuses.
  public init(_ error: LinkStartError) {
    switch error {
    case .noLaneName, .noPairLaneID, .samePairLanes: self = .usage
    case .unpublishable: self = .dataError
    case .settingsRefused: self = .badConfiguration
    }
  }
}
