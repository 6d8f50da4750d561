/// What validation needs to know about a real GPIO chip: its name, how many lines it has and
/// the offsets of its named lines.
///
/// The GPIO target makes its open chip conform; tests use a fake. Nothing here touches a device.
public protocol ChipLines {
  /// The chip's name as the kernel gives it, such as `gpiochip0`, for messages.
  var chipName: String { get }

  /// How many lines the chip has; valid offsets are `0..<lineCount`.
  var lineCount: Int { get }

  /// The offset of the line called `name` (names are case-sensitive), or `nil` if there is none.
  func offset(ofLineNamed name: String) -> Int?
}
