import Calibration
import GPIO

extension ChipSurvey {
  /// Reads what the kernel says about every line of `chip`: name, holder, whether in use.
  ///
  /// - Throws: `GPIOError` when the kernel cannot tell a line's information.
  public init(_ chip: GPIOChip) throws(GPIOError) {
    var lines: [Line] = []
    for offset in 0..<chip.info.lineCount {
      let info = try chip.lineInfo(at: LineOffset(rawValue: UInt32(offset)))
      lines.append(Line(
        offset: offset, name: info.name, consumer: info.consumer, isUsed: info.isUsed))
    }
    self.init(path: chip.info.path, name: chip.info.name, label: chip.info.label, lines: lines)
  }
}
