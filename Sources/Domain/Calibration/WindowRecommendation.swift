import Wiring

/// The detector windows calibration recommends from what it measured.
public enum WindowRecommendation {
  /// The shortest bounce window recommended, however clean the contacts.
  public static let minimumBounce = Duration.milliseconds(5)

  /// The shortest settle window recommended: the low end of string pinsetters' range.
  public static let minimumSettle = Duration.seconds(2)

  /// The bounce window for contacts whose longest chatter was `longestChatter`: that times
  /// `margin`, rounded up to a whole millisecond, at least ``minimumBounce`` and at most the
  /// wiring's limit (1 s).
  public static func bounce(longestChatter: Duration, margin: Double) -> Duration {
    let milliseconds = (Double(longestChatter.nanoseconds) * margin / 1_000_000).rounded(.up)
    let window = Duration.milliseconds(Int64(min(milliseconds, 1_000_000)))
    return min(max(window, minimumBounce), Wiring.Detector.bounceLimit)
  }

  /// The settle window for pins whose longest pause between falls was `longestPause`: that
  /// times `margin`, rounded up to a tenth of a second, at least ``minimumSettle`` and at most
  /// the wiring's limit (30 s). Without a pause measured, the detector's default.
  public static func settle(longestPause: Duration?, margin: Double) -> Duration {
    guard let longestPause else { return Wiring.Detector.defaultSettle }
    let tenths = (Double(longestPause.nanoseconds) * margin / 100_000_000).rounded(.up)
    let window = Duration.milliseconds(Int64(min(tenths, 1_000_000)) * 100)
    return min(max(window, minimumSettle), Wiring.Detector.settleLimit)
  }
}
