import MQTT
import Synchronization

/// Collects every message a client receives, so tests can wait for one with
/// a deadline without cancelling the client's stream.
final class MessageLog: Sendable {
  private final class Storage: Sendable {
    let messages = Mutex<[MQTTClient.Message]>([])
  }

  private let storage = Storage()
  private let reader: Task<Void, Never>

  init(_ client: MQTTClient) {
    let storage = self.storage
    let messages = client.messages
    reader = Task {
      for await message in messages {
        storage.messages.withLock { $0.append(message) }
      }
    }
  }

  deinit { reader.cancel() }

  var all: [MQTTClient.Message] { storage.messages.withLock { $0 } }

  /// The first message matching `predicate`, waiting at most `limit`.
  func first(
    within limit: Duration = .seconds(5), where predicate: (MQTTClient.Message) -> Bool
  ) async -> MQTTClient.Message? {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      if let found = all.first(where: predicate) { return found }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return all.first(where: predicate)
  }

  /// The first message on `topic`, waiting at most `limit`.
  func first(on topic: String, within limit: Duration = .seconds(5)) async -> MQTTClient.Message? {
    await first(within: limit) { $0.topic == topic }
  }
}
