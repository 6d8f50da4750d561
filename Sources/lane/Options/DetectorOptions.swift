import ArgumentParser
import LaneOptions
import LaneSensing

/// The throw detector's windows, as `lane simulate` and `lane run` take them.
struct DetectorOptions: ParsableArguments {
  @Option(help: "Seconds the deck must be still after the last pin falls (default 3).")
  var settle: Seconds?

  @Option(help: "Seconds a pin's new level must hold to count, e.g. 0.03 (default 0.03).")
  var bounce: Seconds?

  @Option(
    name: .customLong("max-delivery"),
    help: "Seconds after which a delivery that never settles is read anyway (default 15).")
  var maxDelivery: Seconds?

  /// The detector configuration: these options over `base`.
  func configuration(
    over base: ThrowDetector.Configuration = .init()
  ) -> ThrowDetector.Configuration {
    ThrowDetector.Configuration(
      bounce: bounce?.duration ?? base.bounce,
      settle: settle?.duration ?? base.settle,
      longestDelivery: maxDelivery?.duration ?? base.longestDelivery)
  }

  func validate() throws {
    try validated(
      try OptionValues.checkDetectorWindows(settle: settle?.duration, maxDelivery: maxDelivery?.duration))
  }
}

/// A non-negative number of seconds, read exactly (`0.0015` is 1.5 ms).
struct Seconds: ExpressibleByArgument {
  let duration: Duration

  init?(argument: String) {
    guard let duration = OptionValues.seconds(argument) else { return nil }
    self.duration = duration
  }

  static var defaultCompletionKind: CompletionKind { .default }
}
