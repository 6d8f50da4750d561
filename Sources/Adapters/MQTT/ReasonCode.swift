/// An MQTT v5 reason code from the broker: 0x00-0x7F mean success, 0x80 and
/// above failure.
///
/// A PUBACK with ``noMatchingSubscribers`` (0x10) is a success: the broker
/// took the message. ``notAuthorized`` (0x87, 135) is what mosquitto answers
/// for a publish outside the ACL; under MQTT 3.1.1 that publish would look
/// acknowledged, which is why the client always speaks v5.
public struct ReasonCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public var rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Whether the broker refused (0x80 and above).
  public var isFailure: Bool { rawValue >= 0x80 }

  public static let success = ReasonCode(rawValue: 0x00)
  /// SUBACK: the subscription was granted at QoS 1.
  public static let grantedQoS1 = ReasonCode(rawValue: 0x01)
  /// PUBACK: accepted, but nobody subscribes to the topic yet.
  public static let noMatchingSubscribers = ReasonCode(rawValue: 0x10)
  public static let unspecifiedError = ReasonCode(rawValue: 0x80)
  public static let badUserNameOrPassword = ReasonCode(rawValue: 0x86)
  public static let notAuthorized = ReasonCode(rawValue: 0x87)
  public static let serverUnavailable = ReasonCode(rawValue: 0x88)
  public static let topicNameInvalid = ReasonCode(rawValue: 0x90)
  public static let packetTooLarge = ReasonCode(rawValue: 0x95)
  public static let quotaExceeded = ReasonCode(rawValue: 0x97)

  /// The code in decimal with libmosquitto's name for it, e.g. "135 (Not authorized)".
  public var description: String {
    "\(rawValue) (\(Mosquitto.reasonString(rawValue)))"
  }
}
