import Bowling

/// The words a journal and a log use for what a correction changed:
/// `Ana, game 1, frame 3, ball 2: 7 pins (1-2-3-5-6-8-9) became 8 pins (...); total 45 -> 46`.
enum CorrectionChange {
  static func text(of correction: Correction, before: LaneSession, after: LaneSession) -> String {
    var text: String
    switch correction {
    case .setPins, .foul:
      text = "\(place(in: before)): \(describe(before.deliveries.last)) became"
        + " \(describe(after.deliveries.last))"
    case .deadBall:
      text = "\(place(in: before)) (\(describe(before.deliveries.last))) does not count;"
        + " it is bowled again"
    case .undo:
      text =
        after.deliveryCount < before.deliveryCount
        ? "took back \(place(in: before)) (\(describe(before.deliveries.last)))"
        : after.deliveryCount > before.deliveryCount
          ? "brought back \(place(in: after)) (\(describe(after.deliveries.last)))"
          : "took back the correction of \(place(in: after)): it is"
            + " \(describe(after.deliveries.last)) again"
    }
    for index in before.bowlers.indices {
      let old = before.series[index].current.total
      let new = after.series[index].current.total
      guard old != new else { continue }
      let whose = before.bowlers.count > 1 ? "\(before.bowlers[index])'s total" : "total"
      text += "; \(whose) \(old) -> \(new)"
    }
    return text
  }

  /// Where the session's last delivery counts: `Ana, game 1, frame 3, ball 2`.
  static func place(in session: LaneSession) -> String {
    guard let last = session.recorded.last else { return "no delivery" }
    let name = session.bowlers[last.bowler]
    return (name.isEmpty ? "" : "\(name), ") + "game \(last.game), \(last.position)"
  }

  static func describe(_ delivery: Throw?) -> String {
    guard let delivery else { return "nothing" }
    let pins = delivery.knockedPins.map { " (\($0))" } ?? ""
    let count = "\(delivery.pinsDown) \(delivery.pinsDown == 1 ? "pin" : "pins")\(pins)"
    return delivery.isFoul ? "a foul, \(count) not credited" : count
  }
}
