import Centre
import Testing

@Suite("Which sessions a lane's link still publishes (PublishingPlan)")
struct PublishingPlanTests {
  static let first = "2026-11-23T18:00:00Z"
  static let second = "2026-11-23T19:30:05Z"
  static let third = "2026-11-23T21:10:41Z"
  static let open = "2026-11-23T22:47:12Z"

  func plan(_ ack: Payload.Ack?, closed: [String]) -> [PublishingPlan.Item] {
    PublishingPlan(acknowledgement: ack, closed: closed, open: Self.open).items
  }

  @Test("When the lane never kept an acknowledgement, then only the open session is published, from its start")
  func neverPublished() {
    #expect(plan(nil, closed: [Self.first, Self.second]) == [.init(session: Self.open, acknowledged: 0)])
  }

  @Test("When the desk acknowledged part of the open session, then the open session is published after it and closed sessions are not")
  func openAcknowledged() {
    #expect(
      plan(.init(session: Self.open, upto: 17), closed: [Self.first, Self.second])
        == [.init(session: Self.open, acknowledged: 17)])
  }

  @Test("When the desk acknowledged part of a closed session, then the rest of it, every later closed session from its start, and then the open one are published, oldest first")
  func closedAcknowledged() {
    // Given the archive folder's names in no particular order, one of them twice.
    let items = plan(
      .init(session: Self.second, upto: 40), closed: [Self.third, Self.first, Self.second, Self.third])
    #expect(
      items == [
        .init(session: Self.second, acknowledged: 40), .init(session: Self.third, acknowledged: 0),
        .init(session: Self.open, acknowledged: 0),
      ])
  }

  @Test("When the acknowledged session's archive is gone, then the sessions closed after it and the open one are published")
  func acknowledgedArchiveMissing() {
    #expect(
      plan(.init(session: Self.second, upto: 40), closed: [Self.first, Self.third])
        == [.init(session: Self.third, acknowledged: 0), .init(session: Self.open, acknowledged: 0)])
  }

  @Test("When the acknowledgement names a session after the open one (another journal's file), then only the open session is published, from its start")
  func acknowledgementFromElsewhere() {
    #expect(
      plan(.init(session: "2027-01-01T00:00:00Z", upto: 9), closed: [Self.first])
        == [.init(session: Self.open, acknowledged: 0)])
  }

  @Test("When the open session is among the closed names, then it is published once, last")
  func openListedAsClosed() {
    #expect(
      plan(.init(session: Self.third, upto: 2), closed: [Self.third, Self.open])
        == [.init(session: Self.third, acknowledged: 2), .init(session: Self.open, acknowledged: 0)])
  }
}
