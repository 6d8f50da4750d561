import Foundation

extension GameReport {
  /// The report as one line of JSON with keys in a stable order.
  ///
  /// - Throws: `EncodingError` if the encoder fails, which plain integers and strings do not.
  public func jsonText() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}
