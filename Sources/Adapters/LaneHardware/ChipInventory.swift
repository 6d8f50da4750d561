import GPIO
import Wiring

/// A GPIO chip's name, size and line names, read once, so a wiring file can be checked
/// against the real chip.
public struct ChipInventory: ChipLines, Hashable, Sendable {
  public let chipName: String
  public let lineCount: Int
  /// Each line's name by offset; `""` for an unnamed line.
  public let lineNames: [String]

  public init(chipName: String, lineNames: [String]) {
    self.chipName = chipName
    self.lineCount = lineNames.count
    self.lineNames = lineNames
  }

  /// Reads every line's name from `chip`.
  ///
  /// - Throws: `GPIOError` when the kernel cannot tell a line's name.
  public init(_ chip: GPIOChip) throws(GPIOError) {
    var names: [String] = []
    for offset in 0..<chip.info.lineCount {
      names.append(try chip.lineInfo(at: LineOffset(rawValue: UInt32(offset))).name)
    }
    self.init(chipName: chip.info.name, lineNames: names)
  }

  public func offset(ofLineNamed name: String) -> Int? {
    lineNames.firstIndex(of: name)
  }
}
