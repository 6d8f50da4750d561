import Centre
import Wiring

extension ResolvedWiring {
  /// The wiring as the lane's status tells the desk: the chip and each input's line.
  public var status: Payload.Status.Wiring {
    let lines = inputs.map { input in (input.role.keyPath, input.offset) }
    return Payload.Status.Wiring(
      chip: chipName, lines: Dictionary(lines, uniquingKeysWith: { first, _ in first }))
  }
}
