import Bowling
import LaneSensing

/// The lines of the rig's simulated chip and what driving them means, as
/// `Hardware/wiring/gpio-sim.toml` wires them: lines 0-9 are pins 1-10, then ball (10),
/// foul (11) and cycle (12), all active-low behind a pull-up.
///
/// A chip laid out in another order (the calibration check shuffles its lines) is driven
/// through a layout, ``layout(_:)``, which gives each line its offset on that chip.
struct SimLine: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The line's offset on the rig's chip, and its place in a layout.
  let offset: Int

  static let ball = SimLine(offset: 10)
  static let foul = SimLine(offset: 11)
  static let cycle = SimLine(offset: 12)
  /// Every line the rig drives, in offset order.
  static let all = (0...12).map(SimLine.init(offset:))

  /// The rig's own layout: every line on its ``offset``.
  static let rigLayout = Dictionary(uniqueKeysWithValues: all.map { ($0, $0.offset) })

  /// A layout from `text`: the chip offsets of pin1..pin10, ball, foul and cycle, in that
  /// order, comma-separated (`9,6,14,0,11,1,12,5,8,3,2,13,4`).
  ///
  /// - Returns: `nil` unless `text` gives 13 different non-negative offsets.
  static func layout(_ text: String) -> [SimLine: Int]? {
    let offsets = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
    guard offsets.count == all.count, Set(offsets).count == all.count else { return nil }
    var layout: [SimLine: Int] = [:]
    for (line, offset) in zip(all, offsets) {
      guard let offset, offset >= 0 else { return nil }
      layout[line] = offset
    }
    return layout
  }

  /// The line sensing `pin`.
  static func pin(_ pin: Pin) -> SimLine { SimLine(offset: pin.rawValue - 1) }

  /// What the sim's pull file must say for the line to read `active`: the inputs are
  /// active-low, so a pulled-down line is active (pin down, ball seen, foul, cycle on).
  static func pull(active: Bool) -> String { active ? "pull-down" : "pull-up" }

  static func < (lhs: SimLine, rhs: SimLine) -> Bool { lhs.offset < rhs.offset }

  var description: String {
    switch offset {
    case 0...9: "pin\(offset + 1)"
    case 10: "ball"
    case 11: "foul"
    case 12: "cycle"
    default: "line\(offset)"
    }
  }
}
