import LaneSensing

extension Calibration {
  /// Step 1: lists the chip's lines, and reads every free line with a full rack standing
  /// and nothing moving; lines that change meanwhile are noisy and left out.
  mutating func discover() throws(Failure) {
    technician.tell(.step(.discover))
    technician.tell(.survey(survey))
    guard try ask(.fullRackStanding) else { throw .stopped(during: .discover) }
    technician.tell(.keepStill(settings.stillWatch))
    let changes = try watch.changes(until: watch.now + settings.stillWatch)
    for change in changes { measurements.noisyLines[change.offset, default: 0] += 1 }
    measurements.idleLevels = watch.levels
    technician.tell(.idleLevels(watch.levels, noisy: measurements.noisyLines))
  }

  /// Whether a change of `offset` can answer a question: a watched line that is not noisy.
  func isCandidate(_ offset: Int) -> Bool {
    measurements.idleLevels[offset] != nil && measurements.noisyLines[offset] == nil
  }
}
