import Calibration
import Foundation
import GPIO
import LaneBridge
import Wiring

/// `lane calibrate` as it runs on a chip: opens it, calibrates or re-checks the lane with the
/// technician, and saves the wiring file atomically.
public struct LaneCalibration {
  /// The chip: a path, kernel name or label.
  public var chip: String
  /// Where to write the wiring file; `nil` for a re-check.
  public var out: String?
  /// Whether `out` may be replaced.
  public var force: Bool
  /// A wiring file to re-check instead of calibrating.
  public var check: String?
  /// How the lines are requested and whether the ball, foul and cycle signals are asked for.
  public var settings: CalibrationSettings
  /// Only these offsets, or `nil` for every free line.
  public var lines: [Int]?

  public init(
    chip: String, out: String?, force: Bool, check: String?, settings: CalibrationSettings,
    lines: [Int]?
  ) {
    self.chip = chip
    self.out = out
    self.force = force
    self.check = check
    self.settings = settings
    self.lines = lines
  }

  /// Calibrates (or re-checks) the lane with `technician`, and saves the wiring.
  ///
  /// - Parameter date: Today, for the file's header.
  /// - Returns: Where the wiring was saved, `nil` for a clean re-check.
  /// - Throws: ``LaneFailure``: 73 when the file cannot be saved (checked before the chip
  ///   is opened), the chip's and wiring's statuses, 74 when the lines cannot be read, 69
  ///   without a free line, 75 when the technician stopped, 1 (with nothing more to say:
  ///   the report said it) when the re-check found drift.
  public func run(technician: some Technician, date: Date) throws(LaneFailure) -> String? {
    if check == nil, let out {
      do { try WiringFile.checkSavable(to: out, replacing: force) } catch {
        throw LaneFailure(.cannotCreate, "\(error)")
      }
    }
    let setup: CalibrationSetup
    do {
      setup = try CalibrationSetup(chip: chip, check: check, bias: settings.bias, lines: lines)
    } catch {
      throw LaneFailure(error.exitStatus, "\(error)")
    }
    var settings = settings
    settings.bias = setup.bias
    let outcome: Outcome
    do throws(CalibrationError<GPIOError>) {
      var calibration = try Calibration(
        survey: setup.survey, sensor: setup.sensor, technician: technician, settings: settings)
      if let wiring = setup.wiring {
        outcome = .checked(try calibration.check(wiring))
      } else {
        outcome = .calibrated(try calibration.calibrate())
      }
    } catch {
      let status: ExitStatus =
        switch error {
        case .sensor: .ioError
        case .noFreeLines: .unavailable
        default: .temporaryFailure
        }
      throw LaneFailure(status, "\(error)")
    }
    let result: CalibrationResult
    switch outcome {
    case .checked(let report):
      // The report told the technician what drifted.
      if !report.isClean { throw LaneFailure(.checkFoundDrift, "") }
      return nil
    case .calibrated(let calibrated): result = calibrated
    }
    guard let out else { return nil }
    do {
      try WiringFile.save(
        result.fileText(date: date.formatted(.iso8601.year().month().day())), to: out,
        replacing: force)
    } catch {
      throw LaneFailure(.cannotCreate, "\(error)")
    }
    return out
  }

  /// What the technician's session ended with: a calibration's result, or a re-check's report.
  private enum Outcome {
    case calibrated(CalibrationResult)
    case checked(CheckReport)
  }
}
