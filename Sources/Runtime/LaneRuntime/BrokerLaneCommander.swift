import Centre
import CentreLink
import WebServer

/// The desk page's commands sent over the centre's broker, each on a connection of its own
/// (``DeskRequest``), the lane's reply awaited.
struct BrokerLaneCommander: LaneCommander {
  let settings: BrokerSettings

  func send(_ command: Payload.Command, to lane: LaneID) async -> LaneCommandOutcome {
    do throws(DeskRequest.Failure) {
      return .replied(try await DeskRequest(lane: lane, command: command).send(over: settings))
    } catch {
      switch error {
      case .broker(let failure): return .brokerFailed("\(failure)")
      case .noReply: return .noReply("\(error)")
      }
    }
  }
}
