import ArgumentParser
import Bowling
import LaneBridge

/// `lane correct`'s action, as typed: the correction it makes of the last throw.
public enum CorrectionAction: String, ExpressibleByArgument, CaseIterable {
  case pins, foul, noFoul = "no-foul", deadBall = "dead-ball", undo

  /// The correction, `pins` read from the pin numbers typed after `pins` (`-` for none).
  public func correction(pins: String?) throws(ValidationError) -> Correction {
    switch self {
    case .pins:
      do {
        return .setPins(try ConsoleCommand.pins(from: pins ?? ""))
      } catch {
        throw ValidationError("\(error)")
      }
    case .foul: return .foul(true)
    case .noFoul: return .foul(false)
    case .deadBall: return .deadBall
    case .undo: return .undo
    }
  }
}
