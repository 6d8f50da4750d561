import Wiring

/// What a calibration produced: the lane's wiring, what was measured, and the chip.
public struct CalibrationResult: Sendable {
  /// The wiring: the mapped lines, their active levels, the bias chosen and the windows
  /// recommended.
  public var wiring: Wiring

  /// What was measured on the way.
  public var measurements: Measurements

  /// The chip, as discovered.
  public var survey: ChipSurvey

  /// The margins the windows were recommended with.
  public var margins: (bounce: Double, settle: Double)

  /// The wiring file's text: the wiring with the measurements and `date` in comments.
  ///
  /// - Parameter date: When the calibration ran, as the technician should read it
  ///   (calibration reads no clock; the command passes today's date).
  public func fileText(date: String) -> String {
    var header = [
      "LaneBridge wiring written by `lane calibrate` on \(date).",
      "Chip: \(survey.path)" + (survey.label.isEmpty ? "" : " \"\(survey.label)\"")
        + ", \(survey.lines.count) lines.",
      "Measured: longest contact chatter"
        + " \(CalibrationMessage.milliseconds(measurements.longestChatter)),"
        + " so bounce = \(CalibrationMessage.milliseconds(measurements.bounce))"
        + " (x \(CalibrationMessage.number(margins.bounce)), at least"
        + " \(CalibrationMessage.milliseconds(WindowRecommendation.minimumBounce))).",
    ]
    let timing = measurements.deliveries
    if let pause = timing.longestPause {
      header.append(
        "Measured: longest pause between falling pins \(CalibrationMessage.seconds(pause))"
          + " in \(timing.completed) test deliveries, so settle ="
          + " \(CalibrationMessage.seconds(measurements.settle))"
          + " (x \(CalibrationMessage.number(margins.settle)), at least"
          + " \(CalibrationMessage.seconds(WindowRecommendation.minimumSettle))).")
    } else {
      header.append("Settle: the default; no test delivery knocked down two pins.")
    }
    for role in measurements.stuck {
      header.append("Warning: \(role.signalName) never changed while measured (stuck sensor?).")
    }
    for offset in measurements.noisyLines.keys.sorted() {
      header.append("Warning: line \(offset) changed while nothing moved (noisy); not used.")
    }
    return wiring.fileText(header: header, notes: notes())
  }

  /// Each input's comment: the line's name, its idle level and, for pins, its chatter.
  private func notes() -> [Wiring.Role: String] {
    var notes: [Wiring.Role: String] = [:]
    for (role, input) in wiring.inputs {
      guard case .offset(let offset) = input.line else { continue }
      var parts: [String] = []
      if let name = survey[offset]?.name, !name.isEmpty { parts.append(name) }
      if let idle = measurements.idleLevels[offset] { parts.append("idle \(idle)") }
      if let line = measurements[role] {
        parts.append("chatter \(CalibrationMessage.milliseconds(line.longestChatter))")
      }
      notes[role] = parts.joined(separator: ", ")
    }
    return notes
  }
}
