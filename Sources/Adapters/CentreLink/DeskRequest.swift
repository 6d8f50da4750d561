import Centre
import MQTT

/// One command from the desk to a lane (`lane desk --lane ID --correct …`): published on
/// the lane's `commands`, answered on its `replies` with the same request id.
public struct DeskRequest: Sendable {
  public var lane: LaneID
  public var command: Payload.Command

  public init(lane: LaneID, command: Payload.Command) {
    self.lane = lane
    self.command = command
  }

  /// Why no answer came.
  public enum Failure: Error, CustomStringConvertible, Sendable {
    case broker(MQTTError)
    case noReply(after: Duration)

    public var description: String {
      switch self {
      case .broker(let error): "\(error)"
      case .noReply(let after):
        "no reply within \(after): is the lane running with --broker, and is it this lane's name?"
          + " Sending the same --request-id again is safe: a lane never runs a request twice"
      }
    }
  }

  /// Sends the command and waits for the lane's reply, at most `limit`.
  ///
  /// The client has no will: it is not the desk's console, whose status lanes watch.
  public func send(
    over settings: BrokerSettings, waiting limit: Duration = .seconds(10)
  ) async throws(Failure) -> Payload.Reply {
    let broker: BrokerSession
    do throws(MQTTError) {
      broker = try BrokerSession(settings: settings, clientPrefix: "desk-request", will: nil)
      try await broker.connect()
      try await broker.subscribe(to: [Topic.replies(lane).name])
    } catch {
      throw .broker(error)
    }
    defer { broker.disconnect() }
    let id = command.id
    let waiter = Task { () -> Payload.Reply? in
      for await delivery in broker.deliveries {
        if case .message(.reply(_, let reply), _) = delivery, reply.id == id { return reply }
      }
      return nil
    }
    let timer = Task {
      try? await Task.sleep(for: limit)
      waiter.cancel()
    }
    defer { timer.cancel() }
    do {
      try await broker.publish(command, to: .commands(lane), retain: false)
    } catch let error as MQTTError {
      waiter.cancel()
      throw .broker(error)
    } catch {
      waiter.cancel()
      throw .noReply(after: .zero)
    }
    guard let reply = await waiter.value else { throw .noReply(after: limit) }
    return reply
  }
}
