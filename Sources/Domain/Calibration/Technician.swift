/// The person calibrating the lane, as the procedure talks to them.
///
/// Calibration tells the technician what to do and what it found, and asks yes-or-no
/// questions; what they do at the lane it reads from the lines. A terminal technician prints
/// and reads lines; a test's technician answers from a script and acts on a simulated lane.
/// Both go through this one interface, so tests walk the same path as a real lane.
public protocol Technician {
  /// Shows the technician an instruction, a finding or the live deck.
  mutating func tell(_ message: CalibrationMessage)

  /// Asks a yes-or-no question and waits for the answer.
  ///
  /// - Returns: `true` for yes. A technician who cannot answer (input ended) says no.
  mutating func ask(_ question: CalibrationQuestion) -> Bool
}
