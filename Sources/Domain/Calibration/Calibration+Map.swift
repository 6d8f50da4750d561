import Bowling
import LaneSensing
import Wiring

extension Calibration {
  /// Step 2: finds the line of each pin, then of each signal the lane has.
  mutating func map() throws(Failure) {
    technician.tell(.step(.map))
    for pin in Pin.allCases {
      guard let offset = try answer(for: .pin(pin)) else { throw .stopped(during: .map) }
      mapped.append((.pin(pin), offset))
      technician.tell(.mapped(
        .pin(pin), line: offset, name: survey[offset]?.name ?? "",
        activeLow: isActiveLow(offset)))
    }
    guard settings.asksForSignals else { return }
    for role in [Wiring.Role.ball, .foul, .cycle] {
      guard try ask(.hasSignal(role)), let offset = try answer(for: role) else {
        technician.tell(.leftOut(role))
        continue
      }
      mapped.append((role, offset))
      technician.tell(.mapped(
        role, line: offset, name: survey[offset]?.name ?? "", activeLow: isActiveLow(offset)))
    }
  }

  /// Asks for `role` until exactly one new line answers.
  ///
  /// - Returns: The line's offset, or `nil` when nothing changed and the technician chose
  ///   not to try again.
  /// - Throws: ``CalibrationError/stopped(during:)`` when the technician stopped waiting for
  ///   moved lines to be put back.
  mutating func answer(for role: Wiring.Role) throws(Failure) -> Int? {
    while true {
      technician.tell(.knockDown(role))
      let baseline = watch.levels
      let (moved, lost) = try observeAnswer()
      let refusal: CalibrationMessage.Refusal
      if lost > 0 {
        refusal = .changesLost(lost, asked: role)
      } else if moved.isEmpty {
        refusal = .nothingChanged(role, after: settings.answerTimeout)
      } else if let owner = mapped.first(where: { moved.contains($0.offset) }) {
        refusal = .alreadyMapped(line: owner.offset, to: owner.role, asked: role)
      } else if moved.count > 1 {
        refusal = .severalLines(moved.sorted(), asked: role)
      } else {
        return moved[0]
      }
      technician.tell(.refused(refusal))
      if case .nothingChanged = refusal {
        guard try ask(.tryAgain(role)) else { return nil }
      } else {
        guard try putBack(moved, to: baseline) else { throw .stopped(during: .map) }
      }
    }
  }

  /// Watches for the lines that change after a request: up to the answer timeout for the
  /// first change, then until the lines stay still for the answer's quiet time.
  ///
  /// - Returns: The candidate lines that changed, in the order they first did, and how many
  ///   changes the sensor dropped meanwhile.
  private mutating func observeAnswer() throws(Failure) -> (moved: [Int], lost: Int) {
    let lostBefore = watch.lostCount
    var moved: [Int] = []
    var deadline = watch.now + settings.answerTimeout
    while let change = try watch.next(until: deadline) {
      guard isCandidate(change.offset) else { continue }
      if !moved.contains(change.offset) { moved.append(change.offset) }
      deadline = change.time + settings.answerQuiet
    }
    return (moved, watch.lostCount - lostBefore)
  }

  /// Waits until `lines` read as in `baseline` again and then stay still for the answer's
  /// quiet time, asking whether to keep waiting each time the answer timeout passes.
  ///
  /// - Returns: `true` once they are back; `false` when the technician stopped waiting.
  mutating func putBack(_ lines: [Int], to baseline: [Int: LineLevel]) throws(Failure) -> Bool {
    func isBack(_ levels: [Int: LineLevel]) -> Bool {
      lines.allSatisfy { levels[$0] == baseline[$0] }
    }
    while true {
      var deadline = watch.now + (isBack(watch.levels) ? settings.answerQuiet : settings.answerTimeout)
      while let change = try watch.next(until: deadline) {
        let quiet = isBack(watch.levels) ? settings.answerQuiet : settings.answerTimeout
        deadline = change.time + quiet
      }
      if isBack(watch.levels) {
        technician.tell(.putBack)
        return true
      }
      guard try ask(.keepWaitingForPutBack) else { return false }
    }
  }
}
