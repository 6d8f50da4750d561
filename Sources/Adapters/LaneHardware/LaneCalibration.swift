import Calibration
import Foundation
import GPIO
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
  /// - Throws: ``Failure``: the file cannot be saved (checked before the chip is opened),
  ///   the chip or the wiring cannot be opened, the lines cannot be read, no line is free,
  ///   the technician stopped, or the re-check found drift.
  public func run(technician: some Technician, date: Date) throws(Failure) -> String? {
    if check == nil, let out {
      do { try WiringFile.checkSavable(to: out, replacing: force) } catch { throw .cannotSave(error) }
    }
    let setup: CalibrationSetup
    do {
      setup = try CalibrationSetup(chip: chip, check: check, bias: settings.bias, lines: lines)
    } catch {
      throw .setup(error)
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
      throw .calibration(error)
    }
    let result: CalibrationResult
    switch outcome {
    case .checked(let report):
      // The report told the technician what drifted.
      if !report.isClean { throw .driftFound }
      return nil
    case .calibrated(let calibrated): result = calibrated
    }
    guard let out else { return nil }
    do {
      try WiringFile.save(
        result.fileText(date: date.formatted(.iso8601.year().month().day())), to: out,
        replacing: force)
    } catch {
      throw .cannotSave(error)
    }
    return out
  }

  /// Why `lane calibrate` saved no wiring: the file, the chip or the lines, the
  /// technician's session, or a re-check that found drift. `lane` gives each its exit
  /// status (docs/errors.md).
  public enum Failure: Error, Sendable, CustomStringConvertible {
    /// The wiring file cannot be saved (checked before the chip is opened, and at the end).
    case cannotSave(WiringSaveError)
    /// The chip, its lines or the wiring to re-check cannot be opened.
    case setup(LaneSetupError)
    /// The calibration or the re-check stopped: the lines cannot be read, no line is free,
    /// the technician stopped or the deck did not match.
    case calibration(CalibrationError<GPIOError>)
    /// The re-check found that the lane drifted from its wiring file; its report said how.
    case driftFound

    public var description: String {
      switch self {
      case .cannotSave(let error): "\(error)"
      case .setup(let error): "\(error)"
      case .calibration(let error): "\(error)"
      case .driftFound: "the lane drifted from its wiring file"
      }
    }
  }

  /// What the technician's session ended with: a calibration's result, or a re-check's report.
  private enum Outcome {
    case calibrated(CalibrationResult)
    case checked(CheckReport)
  }
}
