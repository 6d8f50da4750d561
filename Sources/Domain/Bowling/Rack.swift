/// The pins set on the deck for the next ball: always how many, and exactly which when known.
///
/// The exact set becomes unknown once a ball known only by its count is bowled at a rack; a new
/// full rack makes it known again.
public struct Rack: Hashable, Sendable {
  /// How many pins are standing.
  public let count: Int
  /// Exactly which pins are standing, or `nil` when only the count is known.
  public let pins: PinSet?
  /// Whether the pinsetter set this rack for the first ball at it, so clearing it is a strike.
  ///
  /// True for the first ball of a frame and for a new rack in the tenth frame after a strike or
  /// spare. False for the full rack set again after a first-ball foul: clearing that is a spare.
  public let isFresh: Bool

  /// A rack whose standing pins are known exactly.
  public init(pins: PinSet, isFresh: Bool = false) {
    self.count = pins.count
    self.pins = pins
    self.isFresh = isFresh
  }

  /// A rack of which only the number of standing pins is known.
  public init(count: Int, isFresh: Bool = false) {
    self.count = count
    self.pins = nil
    self.isFresh = isFresh
  }

  /// A full rack of ten pins set for the first ball at it.
  public static let fresh = Rack(pins: .full, isFresh: true)

  /// A full rack set again for the second ball, as after a first-ball foul.
  public static let reset = Rack(pins: .full, isFresh: false)

  /// Whether no pin is standing.
  public var isCleared: Bool { count == 0 }

  /// The pins left standing after a throw at this rack, assuming the throw is legal here.
  ///
  /// The exact set stays known only while both the rack and the throw know their pins.
  func leave(after delivery: Throw) -> Rack {
    if let pins, let knocked = delivery.knockedPins {
      Rack(pins: pins.subtracting(knocked))
    } else {
      Rack(count: count - delivery.pinsDown)
    }
  }
}

extension Rack: CustomStringConvertible {
  /// The standing pins by number (`7-10`), or their count when the exact pins are unknown.
  public var description: String {
    if let pins { pins.description } else { "\(count) pins" }
  }
}
