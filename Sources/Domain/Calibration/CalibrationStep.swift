/// The steps of a calibration, in the order the technician goes through them.
public enum CalibrationStep: Int, Hashable, Sendable, CaseIterable {
  /// Find the chip's lines and learn each one's level with a full rack standing.
  case discover = 1
  /// Find which line senses which pin and signal.
  case map
  /// Measure contact chatter and how long pins keep falling.
  case measure
  /// Watch the deck as LaneBridge reads it and check every pin by eye.
  case verify

  /// The step's name: `Discover`.
  public var title: String {
    switch self {
    case .discover: "Discover"
    case .map: "Map"
    case .measure: "Measure"
    case .verify: "Verify"
    }
  }
}
