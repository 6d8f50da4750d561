import ArgumentParser
import LaneOptions
import LaneSensing

/// The throw detector's windows, as `lane simulate` and `lane run` take them.
public struct DetectorOptions: ParsableArguments {
  public init() {}

  @Option(help: "Seconds the deck must be still after the last pin falls (default 3).")
  public var settle: Seconds?

  @Option(help: "Seconds a pin's new level must hold to count, e.g. 0.03 (default 0.03).")
  public var bounce: Seconds?

  @Option(
    name: .customLong("max-delivery"),
    help: "Seconds after which a delivery that never settles is read anyway (default 15).")
  public var maxDelivery: Seconds?

  /// The detector configuration: these options over `base`.
  public func configuration(
    over base: ThrowDetector.Configuration = .init()
  ) -> ThrowDetector.Configuration {
    ThrowDetector.Configuration(
      bounce: bounce?.duration ?? base.bounce,
      settle: settle?.duration ?? base.settle,
      longestDelivery: maxDelivery?.duration ?? base.longestDelivery)
  }

  public func validate() throws {
    try validated(
      try OptionValues.checkDetectorWindows(settle: settle?.duration, maxDelivery: maxDelivery?.duration))
  }
}

/// A non-negative number of seconds, read exactly (`0.0015` is 1.5 ms).
public struct Seconds: ExpressibleByArgument {
  public let duration: Duration

  public init?(argument: String) {
    guard let duration = OptionValues.seconds(argument) else { return nil }
    self.duration = duration
  }

  public static var defaultCompletionKind: CompletionKind { .default }
}
