/// A text stream that writes each whole line to `base` after a prefix, in one write: the
/// log of one lane of a pair (`lane7: game 1, frame 1, ball 1: …`), beside the other's.
///
/// Text is held until its line ends, so a line written in pieces (`print` writes the text,
/// then the newline) still reaches `base` whole; two lanes writing to standard output from
/// their own threads then never cut into each other's lines (one `write(2)` of a short
/// line is not split by another). The lane's displays end every line they write.
public struct LinePrefixedOutput<Base: TextOutputStream>: TextOutputStream {
  public var base: Base
  public let prefix: String
  private var pending = ""

  /// - Parameter prefix: Written before every line, e.g. `"lane7: "`.
  public init(_ base: Base, prefix: String) {
    self.base = base
    self.prefix = prefix
  }

  public mutating func write(_ string: String) {
    pending += string
    guard let lastNewline = pending.lastIndex(of: "\n") else { return }
    let whole = pending[...lastNewline]
    var lines = ""
    for line in whole.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      lines += prefix + line + "\n"
    }
    base.write(lines)
    pending = String(pending[pending.index(after: lastNewline)...])
  }
}
