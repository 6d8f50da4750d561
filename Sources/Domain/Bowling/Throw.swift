/// One delivery of the ball: the pins it knocked down (or only how many), and whether it fouled.
public struct Throw: Hashable, Sendable {
  /// What is known about the pins that fell.
  public enum Pinfall: Hashable, Sendable {
    /// Exactly which pins fell, as sensed on the deck.
    case pins(PinSet)
    /// Only how many pins fell, as when a score is keyed in by hand.
    case count(Int)
  }

  public var pinfall: Pinfall
  /// A foul: the delivery counts but credits no pins.
  public var isFoul: Bool

  public init(_ pinfall: Pinfall, isFoul: Bool = false) {
    self.pinfall = pinfall
    self.isFoul = isFoul
  }

  /// A throw known only by its pin count.
  public static func count(_ pins: Int) -> Throw { Throw(.count(pins)) }

  /// A throw that knocked down exactly these pins.
  public static func knocked(_ pins: PinSet) -> Throw { Throw(.pins(pins)) }

  /// A foul delivery; the pins it knocked down, if any, are not credited.
  public static func foul(knocked pins: PinSet = .empty) -> Throw {
    Throw(.pins(pins), isFoul: true)
  }

  /// How many pins fell, credited or not.
  public var pinsDown: Int {
    switch pinfall {
    case .pins(let set): set.count
    case .count(let count): count
    }
  }

  /// The pins that fell, when they are known.
  public var knockedPins: PinSet? {
    if case .pins(let set) = pinfall { set } else { nil }
  }

  /// The pins this throw scores: none for a foul.
  public var credited: Int { isFoul ? 0 : pinsDown }
}
