import GPIO
import Wiring

/// Why a lane's hardware could not be opened: the wiring file, or the GPIO chip and lines.
/// `lane` gives each its exit status (docs/errors.md).
public enum LaneSetupError: Error, Sendable {
  /// The wiring file is missing, malformed or does not fit the chip.
  case wiring(WiringError)
  /// The chip or its lines could not be opened or requested.
  case gpio(GPIOError)
  /// The wiring asks for different pull resistors on different inputs, which one line
  /// request cannot do.
  case mixedBias(file: String, biases: [String: [String]])
}

extension LaneSetupError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .wiring(let error):
      error.description
    case .gpio(let error):
      error.description
    case .mixedBias(let file, let biases):
      "\(file): inputs ask for different bias settings ("
        + biases.sorted { $0.key < $1.key }
        .map { "\($0.key): \($0.value.joined(separator: ", "))" }.joined(separator: "; ")
        + "); LaneBridge requests all lines together with one bias. Set one `bias` under"
        + " [defaults] and remove the per-input ones."
    }
  }
}
