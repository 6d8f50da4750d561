/// Text set aside to be written later, in an unnamed scratch file (``ByteSpill``): one lane's
/// end-of-run report while the pair's other lane still plays, so that the pair prints the
/// lanes' reports one after the other, each whole, with a flat memory however long the
/// replay. A class: the display writes to it, the pair drains it.
public final class SpilledText: TextOutputStream {
  private let spill = ByteSpill()
  /// Whether anything was written, and the last byte written.
  private var last: UInt8?

  public init() {}

  public func write(_ string: String) {
    guard let final = string.utf8.last else { return }
    spill.append(Array(string.utf8))
    last = final
  }

  /// Whether nothing was written.
  public var isEmpty: Bool { last == nil }

  /// Writes the text set aside to `output` in blocks, in order, less its final newline
  /// when `droppingFinalNewline` (to nest a report of one line in another's JSON), then
  /// forgets it.
  ///
  /// - Throws: When the scratch file cannot be read back.
  public func drain(into output: inout some TextOutputStream, droppingFinalNewline: Bool = false) throws {
    let drop = droppingFinalNewline && last == UInt8(ascii: "\n")
    // Blocks end anywhere, even inside a character: each write stops before the last
    // character begun, which waits for the next block (and the last loses its newline).
    var held: [UInt8] = []
    try spill.drain { block in
      held.append(contentsOf: block)
      guard let lastStart = held.lastIndex(where: { $0 & 0b1100_0000 != 0b1000_0000 }), lastStart > 0 else {
        return
      }
      output.write(String(decoding: held[..<lastStart], as: UTF8.self))
      held.removeSubrange(..<lastStart)
    }
    if drop { held.removeLast() }
    if !held.isEmpty { output.write(String(decoding: held, as: UTF8.self)) }
    last = nil
  }
}
