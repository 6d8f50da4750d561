import Centre
import CentreLink
import MQTT
import Testing

@Suite(
  "A broker session, the centre link's one way to a broker",
  .tags(.broker), .enabled(if: TestBroker.shouldRun, TestBroker.skipReason))
struct BrokerSessionTests {
  let broker: TestBroker
  let lane1 = try! LaneID("lane1")

  init() throws {
    broker = try TestBroker()
  }

  func session(_ user: String) throws -> BrokerSession {
    let settings = try BrokerSettings(
      url: "mqtt://127.0.0.1:\(broker.port)", credentialsFile: broker.folder + "/\(user).credentials",
      caFile: nil)
    return try BrokerSession(settings: settings, clientPrefix: user, will: nil)
  }

  @Test("When a lane publishes an event and one naming another lane, then the desk receives the first decoded and the second refused, in order")
  func decodesAndRefuses() async throws {
    let desk = try session("desk")
    try await desk.connect()
    try await desk.subscribe(to: [Topic.everyLane(.events)])
    let received = Task { () -> [BrokerSession.Delivery] in
      var deliveries: [BrokerSession.Delivery] = []
      for await delivery in desk.deliveries {
        deliveries.append(delivery)
        if deliveries.count == 2 { break }
      }
      return deliveries
    }
    let lane = try session("lane1")
    try await lane.connect()

    let event = Payload.Event(lane: lane1, session: "s1", seq: 1, type: .throw)
    try await lane.publish(event, to: .events(lane1), retain: false)
    try await lane.publish(
      Payload.Event(lane: try LaneID("lane2"), session: "s1", seq: 2, type: .throw),
      to: .events(lane1), retain: false)

    let deliveries = await received.value
    guard deliveries.count == 2, case .message(.event(let first), let retained) = deliveries[0],
      case .refused(let topic, let why) = deliveries[1]
    else {
      Issue.record("received \(deliveries)")
      return
    }
    #expect(first == event && !retained)
    #expect(topic == Topic.events(lane1).name)
    #expect(why == .laneMismatch(topic: lane1, payload: try LaneID("lane2")))
    lane.disconnect()
    desk.disconnect()
  }

  @Test("When the task receiving is cancelled, then receiving ends", .timeLimit(.minutes(1)))
  func stopsByCancellation() async throws {
    let desk = try session("desk")
    try await desk.connect()
    try await desk.subscribe(to: [Topic.everyLane(.events)])
    let receiving = Task {
      await desk.receive { _ in }
      return Task.isCancelled
    }

    receiving.cancel()

    #expect(await receiving.value, "receiving ended only because it was cancelled")
    desk.disconnect()
  }
}
