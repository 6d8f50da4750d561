import Bowling
import LaneSensing
import SimulatedPinSensor

/// A session's deliveries drawn at random, and the sensor trace that bowls any tail of them.
struct PlannedSession: Sendable {
  let bowlers: [String]
  /// Every delivery, in bowling order.
  let deliveries: [Throw]

  /// Draws deliveries until every bowler has finished `games` games.
  init(bowlers: [String], games: Int, using random: inout some RandomNumberGenerator) {
    self.bowlers = bowlers
    var session = LaneSession(bowlers: bowlers)
    var deliveries: [Throw] = []
    while session.series.contains(where: { series in
      series.games.count < games || !series.current.isComplete
    }) {
      let standing = session.standing.pins ?? .full
      // Strikes and spares often, so tenth frames get their bonus balls.
      let knocked =
        Int.random(in: 0..<4, using: &random) == 0
        ? standing : PinSet(standing.filter { _ in Bool.random(using: &random) })
      let delivery = Throw(.pins(knocked), isFoul: Int.random(in: 0..<25, using: &random) == 0)
      try! session.record(delivery)  // drawn from the pins standing: always possible
      deliveries.append(delivery)
    }
    self.deliveries = deliveries
  }

  /// The session the first `count` deliveries make.
  func session(after count: Int) -> LaneSession {
    var session = LaneSession(bowlers: bowlers)
    for delivery in deliveries.prefix(count) { try! session.record(delivery) }
    return session
  }

  /// A trace that bowls the deliveries from `start` on, at a lane whose deck shows the rack
  /// the session has set after the deliveries before `start`.
  ///
  /// Each delivery: the ball, the pins fall 0.2 s later (the foul line trips too for a
  /// foul), the deck settles; then the pinsetter cycles and raises the next rack if it is
  /// not the leave. Ten seconds per delivery.
  func trace(from start: Int) -> String {
    var session = session(after: start)
    var deck = session.standing.pins ?? .full
    var script = SensorScript(standing: deck).snapshot(deck, at: .zero)
    var time = Duration.seconds(1)
    for delivery in deliveries[start...] {
      script = script.ball(at: time)
      if delivery.isFoul { script = script.foul(at: time + .milliseconds(100)) }
      let knocked = delivery.knockedPins ?? .empty
      script = script.pins(knocked, fallAt: time + .milliseconds(200))
      deck = deck.subtracting(knocked)
      try! session.record(delivery)
      let next = session.standing.pins ?? .full
      if next != deck {
        script = script.cycleOn(at: time + .seconds(4))
          .pins(next.subtracting(deck), riseAt: time + .seconds(5))
          .cycleOff(at: time + .seconds(6))
        deck = next
      }
      time += .seconds(10)
    }
    var writer = TraceWriter(to: "")
    for case .event(let event) in script.readings { try! writer.write(event) }
    return writer.output
  }
}
