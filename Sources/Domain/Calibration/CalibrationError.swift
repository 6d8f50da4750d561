/// Why a calibration (or a check) ended without a result.
public enum CalibrationError<SensorFailure: Error>: Error {
  /// The line sensor could not be read; its error says what to do.
  case sensor(SensorFailure)

  /// The line sensor's stream ended (it was closed, or a simulation ran out).
  case sensorEnded

  /// The technician chose to stop during `step`; nothing was saved.
  case stopped(during: CalibrationStep)

  /// The technician saw the deck on screen disagree with the lane; nothing was saved.
  case deckNotConfirmed

  /// There are no lines to watch: every line of the chip is in use, or the chip has none.
  case noFreeLines(chip: String)
}

extension CalibrationError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .sensor(let failure):
      "\(failure)"
    case .sensorEnded:
      "the GPIO lines stopped reporting before the calibration was done; run it again."
    case .stopped(let step):
      "stopped during the \(step.title.lowercased()) step at the technician's request;"
        + " nothing was saved. Run lane calibrate again when the lane is ready."
    case .deckNotConfirmed:
      "the deck on screen did not match the lane, so nothing was saved. A pin that showed"
        + " the wrong way round was not standing during the discover step; a pin that showed"
        + " as another was knocked when another was asked for. Run lane calibrate again."
    case .noFreeLines(let chip):
      "every line of \(chip) is in use (gpioinfo shows by whom), so none can be calibrated."
        + " Stop the program holding the lines, or name another chip with --chip."
    }
  }
}

extension CalibrationError: Equatable where SensorFailure: Equatable {}
