import Bowling

/// Draws the pin deck as the bowler sees it, back row on top, marking which pins stand.
///
/// ```
///  7   8   9  10
///    4   5   6
///      2   3
///        1
/// ```
/// A standing pin shows its number; a pin that is down shows `.`.
public struct PinDeck: Sendable {
  /// Whether to highlight standing pins and dim fallen ones with ANSI colour.
  public var isColoured: Bool

  /// What a pin that is down shows in place of its number.
  public static let downMark = "."

  public init(colour: Bool = false) {
    self.isColoured = colour
  }

  /// The deck with these pins standing, four lines without trailing spaces or newline.
  public func render(standing: PinSet) -> String {
    let style = TextStyle(isEnabled: isColoured)
    return (1...4).reversed().map { row in
      var line = ""
      var column = 0
      for pin in Pin.allCases where pin.row == row {
        // Each half pin-spacing is two columns; labels are right-aligned in two columns.
        let start = 2 * (pin.lateral + 3)
        let isStanding = standing.contains(pin)
        let label = isStanding ? pin.description : Self.downMark
        let padded = String(repeating: " ", count: 2 - label.count) + label
        line += String(repeating: " ", count: start - column)
        line += String(padded.prefix { $0 == " " })
        line += style.apply(isStanding ? .bold : .dim, to: label)
        column = start + 2
      }
      return line
    }.joined(separator: "\n")
  }
}
