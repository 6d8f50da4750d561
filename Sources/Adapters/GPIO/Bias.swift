/// The internal resistor a line's input is biased with.
public enum Bias: Hashable, Sendable, CaseIterable {
  /// Leave the bias as the chip has it.
  case asIs
  /// Neither pull-up nor pull-down: the wiring drives the line.
  case disabled
  /// The internal pull-up: an open switch to ground reads high.
  case pullUp
  /// The internal pull-down: an open switch to 3.3 V reads low.
  case pullDown
}
