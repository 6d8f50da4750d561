/// A lane's name on the centre link: its broker user name (or certificate
/// CN) and the `<lane>` level of its topics.
///
/// 1 to 32 characters from `a-z`, `A-Z`, `0-9`, `-` and `_`, so it can never
/// hold an MQTT wildcard (`+`, `#`) or a level separator (`/`); and not `desk`,
/// the front desk's user.
public struct LaneID: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
  public let rawValue: String

  /// The longest lane name accepted.
  public static let maximumLength = 32

  /// Why a string is not a lane name.
  public enum Invalid: Error, Equatable, Sendable {
    case empty
    case tooLong(Int)
    case forbiddenCharacter(Character)
    case reserved(String)
  }

  public init(_ rawValue: String) throws(Invalid) {
    guard !rawValue.isEmpty else { throw .empty }
    guard rawValue.utf8.count <= Self.maximumLength else { throw .tooLong(rawValue.utf8.count) }
    if let bad = rawValue.first(where: { !Self.isAllowed($0) }) { throw .forbiddenCharacter(bad) }
    guard rawValue != "desk" else { throw .reserved(rawValue) }
    self.rawValue = rawValue
  }

  static func isAllowed(_ character: Character) -> Bool {
    guard character.isASCII, let value = character.asciiValue else { return false }
    switch value {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }

  public var description: String { rawValue }

  public static func < (left: LaneID, right: LaneID) -> Bool { left.rawValue < right.rawValue }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    do {
      try self.init(text)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not a lane name: \(error)"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
