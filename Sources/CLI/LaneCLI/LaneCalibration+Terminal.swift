import Calibration
import Foundation
import LaneBridge
import LaneHardware

extension LaneCalibration {
  /// `lane calibrate` at a terminal: the technician reads the steps on standard output and
  /// answers on standard input; the saved wiring is named with the command that runs it.
  ///
  /// - Throws: ``LaneCalibration/Failure``, as ``LaneCalibration/run(technician:date:)``;
  ///   `lane` gives it its status (`ExitStatus+Errors.swift`).
  public func runAtTerminal() throws(Failure) {
    let technician = StreamTechnician(output: StandardOutput()) { readLine() }
    guard let saved = try run(technician: technician, date: Date()) else { return }
    var output = StandardOutput()
    print("\nSaved the wiring to \(saved). Run the lane with: lane run --wiring \(saved)", to: &output)
  }
}
