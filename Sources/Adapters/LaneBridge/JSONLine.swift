import Foundation

/// Encodes reports as one line of JSON with keys in a stable order.
enum JSONLine {
  /// - Throws: `EncodingError` if the encoder fails, which plain numbers and strings do not.
  static func text(_ value: some Encodable) throws -> String {
    String(decoding: try encoder().encode(value), as: UTF8.self)
  }

  /// The encoder ``text(_:)`` uses, for a caller that encodes many values.
  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}

extension GameReport {
  /// The report as one line of JSON with keys in a stable order.
  public func jsonText() throws -> String { try JSONLine.text(self) }
}

extension SimulationReport {
  /// The report as one line of JSON with keys in a stable order.
  public func jsonText() throws -> String { try JSONLine.text(self) }
}
