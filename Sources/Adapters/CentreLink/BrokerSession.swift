import Centre
import MQTT
import Synchronization

/// One client's session with the centre's broker, shared by the lane's, the desk's and the
/// displays' ends of the link: connect, subscribe, publish a payload, and every message
/// received decoded and validated (``CentreMessage``) before anything acts on it.
public final class BrokerSession: Sendable {
  /// A message as it arrived.
  public enum Delivery: Sendable {
    /// A valid message; `retained` when the broker held it before the subscription.
    case message(CentreMessage, retained: Bool)
    /// A message refused before anything acts on it (forged, malformed, oversize).
    case refused(topic: String, CentreMessage.Invalid)
  }

  public let client: MQTTClient

  /// A session, not yet connected, for a client whose id starts with `clientPrefix`.
  ///
  /// - Throws: ``MQTTError`` when libmosquitto cannot be loaded or refuses a setting.
  public init(settings: BrokerSettings, clientPrefix: String, will: MQTTClient.Will?) throws(MQTTError) {
    client = try MQTTClient(settings.configuration(clientPrefix: clientPrefix, will: will))
  }

  /// The connection's ups and downs, as the client's network thread sees them.
  public var connectionEvents: AsyncStream<MQTTClient.ConnectionEvent> { client.connectionEvents }

  public var isConnected: Bool { client.isConnected }

  /// Connects and waits for the broker's CONNACK.
  public func connect() async throws(MQTTError) {
    try await client.connect()
  }

  /// Subscribes to each of `filters`, in order (a retained message of an earlier one
  /// arrives before any of a later one).
  public func subscribe(to filters: [String]) async throws(MQTTError) {
    for filter in filters { try await client.subscribe(to: filter) }
  }

  /// Publishes `payload` (QoS 1) on `topic` and waits for the broker's PUBACK.
  ///
  /// - Throws: ``MQTTError`` from the broker; `EncodingError` for a payload that cannot be
  ///   encoded (a number that is not finite).
  public func publish(_ payload: some Encodable & Sendable, to topic: Topic, retain: Bool) async throws {
    try await client.publish(CentreMessage.encode(payload), to: topic.name, retain: retain)
  }

  /// Every message received, decoded, in arrival order; it ends when the task iterating
  /// it is cancelled or the session ends. One iterator at a time: each message goes to one.
  public var deliveries: AsyncMapSequence<AsyncStream<MQTTClient.Message>, Delivery> {
    client.messages.map(Self.decode)
  }

  /// Hands every message received to `take`, decoded, in arrival order, until the task is
  /// cancelled (the message in hand is finished first) or the session ends.
  public func receive(_ take: @Sendable (Delivery) async -> Void) async {
    for await delivery in deliveries { await take(delivery) }
  }

  /// Hands the messages received to `take` a batch at a time: every message that arrived
  /// while the batch before was being taken, in arrival order (the desk commits each batch
  /// in one transaction). Until the task is cancelled (the batch in hand is finished first)
  /// or the session ends.
  public func receiveInBatches(_ take: @Sendable ([Delivery]) async -> Void) async {
    let inbox = Inbox<Delivery>()
    await withDiscardingTaskGroup { group in
      group.addTask {
        for await delivery in self.deliveries { inbox.put(delivery) }
        inbox.close()
      }
      for await _ in inbox.arrivals {
        let batch = inbox.takeAll()
        // Empty when the batch before took a message whose arrival is told only now.
        if !batch.isEmpty { await take(batch) }
      }
      group.cancelAll()
    }
  }

  @Sendable private static func decode(_ message: MQTTClient.Message) -> Delivery {
    do {
      return .message(
        try CentreMessage.decode(topic: message.topic, payload: message.payload),
        retained: message.retain)
    } catch {
      return .refused(topic: message.topic, error)
    }
  }

  /// Disconnects; with `sendingWill` the broker publishes the will (the retained offline
  /// status).
  public func disconnect(sendingWill: Bool = false) {
    client.disconnect(sendingWill: sendingWill)
  }
}

/// What arrived and is not yet taken, handed from the task that receives to the one that
/// takes it in batches.
private final class Inbox<Element: Sendable>: Sendable {
  private let held = Mutex<[Element]>([])
  /// Told after each ``put(_:)``; arrivals told while no one waits count as one.
  let arrivals: AsyncStream<Void>
  private let arrived: AsyncStream<Void>.Continuation

  init() {
    (arrivals, arrived) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  func put(_ element: Element) {
    held.withLock { $0.append(element) }
    arrived.yield()
  }

  /// Ends ``arrivals`` once the last arrival told is taken.
  func close() { arrived.finish() }

  func takeAll() -> [Element] {
    held.withLock { held in
      defer { held = [] }
      return held
    }
  }
}
