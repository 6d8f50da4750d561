import LaneSensing
import Wiring

extension Calibration {
  /// Re-checks a lane against its wiring file: reads the idle levels, asks for every pin and
  /// signal the file has and compares the line that answers, and measures chatter against
  /// the file's bounce window; the lines are released at the end.
  ///
  /// - Parameter wiring: The file's wiring, resolved on the chip being watched.
  /// - Returns: Everything that no longer fits, also told to the technician.
  /// - Throws: ``CalibrationError``: the technician stopped, or the lines could not be read.
  public mutating func check(_ wiring: ResolvedWiring) throws(Failure) -> CheckReport {
    defer { watch.close() }
    var report = CheckReport(bounce: wiring.detector.bounce)
    try discover()
    for input in wiring.inputs {
      let expected: LineLevel = input.activeLow ? .high : .low
      if let found = measurements.idleLevels[input.offset], found != expected {
        report.idleDrift.append(.init(
          role: input.role, offset: input.offset, expected: expected, found: found))
      }
    }

    technician.tell(.step(.map))
    for input in wiring.inputs {
      guard let found = try answer(for: input.role) else {
        if case .pin = input.role { throw .stopped(during: .map) }
        technician.tell(.leftOut(input.role))
        continue
      }
      mapped.append((input.role, found))
      technician.tell(.checked(input.role, found: found, expected: input.offset))
      if found != input.offset {
        report.mismatches.append(.init(role: input.role, expected: input.offset, found: found))
      }
    }

    technician.tell(.step(.measure))
    _ = try measureChatter()
    report.measurements = measurements
    technician.tell(.checkReport(report))
    return report
  }
}
