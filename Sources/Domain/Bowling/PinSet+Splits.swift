extension PinSet {
  /// Whether these standing pins, left by the first ball at a full rack, form a split.
  ///
  /// The head pin must be down and at least two pins standing, and either (a) some lateral
  /// position strictly between two standing pins holds no standing pin (7-9, 3-10, 4-5), or
  /// (b) a pin that is down has both pins directly behind it standing (5-6 with pin 3 down).
  public var isSplit: Bool {
    guard !contains(.head), count >= 2 else { return false }
    return hasLateralGap || hasDownPinAheadOfTwo
  }

  /// Some lateral position between the leftmost and rightmost standing pins holds none of them.
  private var hasLateralGap: Bool {
    let laterals = Set(map(\.lateral))
    guard let left = laterals.min(), let right = laterals.max() else { return false }
    return (left...right).contains { !laterals.contains($0) }
  }

  /// Some pin that is down has both pins of the next row, one either side of it, standing.
  private var hasDownPinAheadOfTwo: Bool {
    complement.contains { down in
      let behind = Pin.allCases.filter {
        $0.row == down.row + 1 && abs($0.lateral - down.lateral) == 1
      }
      return behind.count == 2 && behind.allSatisfy(contains)
    }
  }
}
