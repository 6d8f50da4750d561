/// Writes JSON as `CentreMessage.encode` writes it (JSONEncoder with sorted keys and
/// unescaped slashes), byte for byte, without JSONEncoder's cost: the desk writes every
/// event it stores, and the store folds every record, so this is on their hot path
/// (docs/performance.md, "The desk's store").
///
/// Pure. Keys sorted by their UTF-8 bytes; numbers as Swift prints a `Double`, without a
/// trailing `.0`; strings with `"`, `\` and control characters escaped, the rest as is.
public struct JSONWriter: Sendable {
  public private(set) var bytes: [UInt8] = []

  public init(capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends `value`.
  ///
  /// - Throws: ``Unencodable`` for a number that is not finite, which JSON has no form for.
  public mutating func write(_ value: JSONValue) throws(Unencodable) {
    switch value {
    case .null: append("null")
    case .bool(let value): append(value ? "true" : "false")
    case .number(let value): try write(value)
    case .string(let value): write(value)
    case .array(let values):
      bytes.append(UInt8(ascii: "["))
      for (index, element) in values.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        try write(element)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (index, key) in members.keys.sorted(by: Self.precedes).enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(key)
        bytes.append(UInt8(ascii: ":"))
        try write(members[key] ?? .null)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends `value` as a JSON string.
  public mutating func write(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case 0x0A: append("\\n")
      case 0x0D: append("\\r")
      case 0x09: append("\\t")
      case 0x08: append("\\b")
      case 0x0C: append("\\f")
      case 0..<0x20:
        append("\\u00")
        bytes.append(Self.hexDigits[Int(byte >> 4)])
        bytes.append(Self.hexDigits[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends `value` as JSONEncoder does: Swift's shortest form, `1` for `1.0`.
  ///
  /// - Throws: ``Unencodable`` when it is not finite.
  public mutating func write(_ value: Double) throws(Unencodable) {
    guard value.isFinite else { throw Unencodable(value: value) }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    append(text)
  }

  /// Appends `value`.
  public mutating func write(_ value: Int) {
    append(String(value))
  }

  /// Appends `"key":`, for an object's member written field by field.
  public mutating func key(_ key: String) {
    write(key)
    bytes.append(UInt8(ascii: ":"))
  }

  /// Appends raw JSON punctuation or a literal.
  public mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Whether `first` sorts before `second`: by their UTF-8 bytes, as JSONEncoder's sorted keys.
  static func precedes(_ first: String, _ second: String) -> Bool {
    first.utf8.lexicographicallyPrecedes(second.utf8)
  }

  /// A number JSON cannot carry: infinite or not a number.
  public struct Unencodable: Error, Hashable, Sendable, CustomStringConvertible {
    public var value: Double
    public var description: String { "\(value) is not a number JSON can carry" }
  }
}

extension JSONValue {
  /// The value as JSON, as ``CentreMessage/encode(_:)`` writes it.
  ///
  /// - Throws: ``JSONWriter/Unencodable`` for a number that is not finite.
  public var jsonBytes: [UInt8] {
    get throws(JSONWriter.Unencodable) {
      var writer = JSONWriter()
      try writer.write(self)
      return writer.bytes
    }
  }
}

extension Payload.Event {
  /// The event as JSON, as ``CentreMessage/encode(_:)`` writes it, without JSONEncoder: its
  /// fields in sorted order, those not set left out.
  ///
  /// - Throws: ``JSONWriter/Unencodable`` for a record holding a number that is not finite.
  public var jsonBytes: [UInt8] {
    get throws(JSONWriter.Unencodable) {
      var writer = JSONWriter(capacity: 512)
      writer.append("{")
      if let ahead {
        writer.key("ahead")
        writer.append(ahead ? "true," : "false,")
      }
      writer.key("lane")
      writer.write(lane.rawValue)
      if let pair {
        writer.append(",")
        writer.key("pair")
        writer.append("{")
        writer.key("left")
        writer.write(pair.left.rawValue)
        writer.append(",")
        writer.key("right")
        writer.write(pair.right.rawValue)
        writer.append("}")
      }
      if let record {
        writer.append(",")
        writer.key("record")
        try writer.write(record)
      }
      if let sentAt {
        writer.append(",")
        writer.key("sentAt")
        try writer.write(sentAt)
      }
      writer.append(",")
      writer.key("seq")
      writer.write(seq)
      writer.append(",")
      writer.key("session")
      writer.write(session)
      writer.append(",")
      writer.key("type")
      writer.write(type.rawValue)
      writer.append(",")
      writer.key("v")
      writer.write(v)
      writer.append("}")
      return writer.bytes
    }
  }
}
