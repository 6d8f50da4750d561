import Bowling
import LaneSensing
import Wiring

extension Calibration {
  /// Step 3: measures chatter while pins are knocked down and stood again, then the pause
  /// between falling pins in test deliveries, and recommends the detector's windows.
  mutating func measure() throws(Failure) {
    technician.tell(.step(.measure))
    let knocks = try measureChatter()
    technician.tell(.bowlDeliveries(settings.deliveries))
    let deliveries = try record(.measure) { calibration, changes in
      calibration.deliveryTiming(changes).completed >= calibration.settings.deliveries
    }
    measure(knocks + deliveries)
    measurements.deliveries = deliveryTiming(deliveries)
    measurements.settle = WindowRecommendation.settle(
      longestPause: measurements.deliveries.longestPause, margin: settings.settleMargin)
    technician.tell(.settleReport(measurements, margin: settings.settleMargin))
  }

  /// Records pins knocked down and stood again until each has been down often enough, and
  /// reports the chatter of each line.
  ///
  /// - Returns: The changes recorded.
  mutating func measureChatter() throws(Failure) -> [LineChange] {
    technician.tell(.knockAndStand(cycles: settings.knockCycles))
    let changes = try record(.measure) { calibration, changes in
      let knocks = calibration.knockCounts(changes)
      return calibration.pinOffsets.allSatisfy { offset in
        knocks[offset, default: 0] >= calibration.settings.knockCycles
          && calibration.watch.levels[offset] == calibration.measurements.idleLevels[offset]
      }
    }
    measure(changes)
    technician.tell(.chatterReport(measurements, margin: settings.bounceMargin))
    return changes
  }

  /// The offsets of the pins' lines, in pin order.
  var pinOffsets: [Int] {
    mapped.compactMap { if case .pin = $0.role { $0.offset } else { nil } }
  }

  /// Takes each pin line's knocks and longest chatter from `changes`, notes other lines that
  /// changed as noisy, and recommends the bounce window.
  mutating func measure(_ changes: [LineChange]) {
    let bursts = LineBurst.bursts(of: changes, gap: settings.burstGap)
    measurements.lines = mapped.compactMap { role, offset in
      guard case .pin = role else { return nil }
      let own = bursts.filter { $0.offset == offset }
      return Measurements.Line(
        role: role, offset: offset, idle: measurements.idleLevels[offset] ?? .high,
        knocks: own.filter { $0.level != measurements.idleLevels[offset] }.count,
        longestChatter: own.map(\.chatter).max() ?? .zero)
    }
    let mappedOffsets = Set(mapped.map(\.offset))
    for change in changes where !mappedOffsets.contains(change.offset) {
      measurements.noisyLines[change.offset, default: 0] += 1
    }
    measurements.bounce = WindowRecommendation.bounce(
      longestChatter: measurements.longestChatter, margin: settings.bounceMargin)
  }

  /// How many times each pin line went to its active level in `changes`.
  func knockCounts(_ changes: [LineChange]) -> [Int: Int] {
    var counts: [Int: Int] = [:]
    for burst in LineBurst.bursts(of: changes, gap: settings.burstGap)
    where burst.level != measurements.idleLevels[burst.offset] {
      counts[burst.offset, default: 0] += 1
    }
    return counts
  }

  /// The test deliveries in `changes`, from the pin lines alone.
  func deliveryTiming(_ changes: [LineChange]) -> DeliveryTiming {
    let pins = Set(pinOffsets)
    let bursts = LineBurst.bursts(
      of: changes.filter { pins.contains($0.offset) }, gap: settings.burstGap)
    return DeliveryTiming(
      bursts: bursts, standingLevel: measurements.idleLevels.filter { pins.contains($0.key) })
  }

  /// Records every change until `isDone` holds after a pause of the burst gap, or the step's
  /// time runs out and the technician chooses to finish it.
  ///
  /// `isDone` is asked once the lines pause, with the calibration (to read the levels or
  /// tell the technician something) and the changes so far.
  ///
  /// - Returns: The changes recorded, oldest first.
  mutating func record(
    _ step: CalibrationStep,
    until isDone: (_ calibration: inout Self, _ changes: [LineChange]) -> Bool
  ) throws(Failure) -> [LineChange] {
    var changes: [LineChange] = []
    var deadline = watch.now + settings.stepTimeout
    var judged = true
    while true {
      let wait = judged ? deadline : min(deadline, watch.now + settings.burstGap)
      if let change = try watch.next(until: wait) {
        changes.append(change)
        judged = false
        continue
      }
      if !judged {
        judged = true
        if isDone(&self, changes) { return changes }
      }
      if watch.now >= deadline {
        guard try ask(.keepGoing(step)) else { return changes }
        deadline = watch.now + settings.stepTimeout
      }
    }
  }
}
