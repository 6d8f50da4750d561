import Testing

@testable import Centre

@Suite("Topics of the centre link")
struct TopicTests {
  @Test("When a lane's topics are named, then they live under lanebridge/v1/lanes/<lane>/")
  func names() throws {
    let lane = try LaneID("lane-07")

    #expect(Topic.events(lane).name == "lanebridge/v1/lanes/lane-07/events")
    #expect(Topic.status(lane).name == "lanebridge/v1/lanes/lane-07/status")
    #expect(Topic.ack(lane).name == "lanebridge/v1/lanes/lane-07/ack")
    #expect(Topic.displayRequests(lane).name == "lanebridge/v1/lanes/lane-07/display-requests")
    #expect(Topic.deskStatus.name == "lanebridge/v1/desk/status")
    #expect(Topic.everyLane(.events) == "lanebridge/v1/lanes/+/events")
  }

  @Test(
    "When a topic name is parsed back, then it is the same topic",
    arguments: Topic.Leaf.allCases)
  func roundTrip(leaf: Topic.Leaf) throws {
    let topic = Topic(leaf, try LaneID("L_1"))

    #expect(Topic(name: topic.name) == topic)
    #expect(Topic(name: topic.name)?.lane?.rawValue == "L_1")
  }

  @Test(
    "When a topic is not one of the link's, then it is not parsed",
    arguments: [
      "lanebridge/v2/lanes/lane1/events", "lanebridge/v1/lanes/lane1/events/extra",
      "lanebridge/v1/lanes/+/events", "lanebridge/v1/lanes/#", "lanebridge/v1/lanes//events",
      "lanebridge/v1/lanes/lane1/secrets", "lanebridge/v1/lanes/desk/events", "other/topic", "",
    ])
  func foreign(name: String) {
    #expect(Topic(name: name) == nil)
  }

  @Test("When a lane name holds a wildcard, a separator or is too long, then it is refused")
  func badLaneNames() {
    #expect(throws: LaneID.Invalid.forbiddenCharacter("+")) { try LaneID("a+b") }
    #expect(throws: LaneID.Invalid.forbiddenCharacter("/")) { try LaneID("a/b") }
    #expect(throws: LaneID.Invalid.forbiddenCharacter("#")) { try LaneID("#") }
    #expect(throws: LaneID.Invalid.forbiddenCharacter("é")) { try LaneID("allée") }
    #expect(throws: LaneID.Invalid.empty) { try LaneID("") }
    #expect(throws: LaneID.Invalid.tooLong(33)) { try LaneID(String(repeating: "a", count: 33)) }
    #expect(throws: LaneID.Invalid.reserved("desk")) { try LaneID("desk") }
  }
}
