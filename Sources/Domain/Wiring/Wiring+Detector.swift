import LaneSensing

extension Wiring {
  /// The throw detector's windows for this lane, as the wiring file sets them.
  ///
  /// Values are kept to whole microseconds, the kernel's debounce resolution, so that a
  /// wiring written back to a file and read again is exactly the same.
  public struct Detector: Sendable, Hashable {
    /// How long a pin's new level must hold before the change counts (contact chatter).
    public var bounce: Duration

    /// How long the deck must stay still after the last pin fell before the throw is read.
    public var settle: Duration

    /// The longest a delivery may last before it is read anyway (a sensor that never
    /// settles), or `nil` to leave the bound to the throw detector.
    public var maximumDelivery: Duration?

    /// Creates detector windows; the defaults are the ones a wiring file gets when it
    /// leaves them out.
    public init(
      bounce: Duration = Detector.defaultBounce,
      settle: Duration = Detector.defaultSettle,
      maximumDelivery: Duration? = nil
    ) {
      self.bounce = bounce
      self.settle = settle
      self.maximumDelivery = maximumDelivery
    }

    /// The throw detector's own default (30 ms): reed switches and opto-isolated contacts
    /// chatter for a few milliseconds, and a pin takes far longer than that to fall.
    public static let defaultBounce = ThrowDetector.Configuration().bounce

    /// The throw detector's own default (3 s): the pinfall delay QubicaAMF string
    /// pinspotters default to (their range is 2.0-5.5 s), counted from the last pin that fell.
    public static let defaultSettle = ThrowDetector.Configuration().settle

    /// A bounce window above 1 s would swallow real pin falls.
    public static let bounceLimit = Duration.seconds(1)

    /// A settle window above 30 s would stall the game between balls.
    public static let settleLimit = Duration.seconds(30)

    /// A delivery bound above 2 minutes no longer protects against a stuck sensor.
    public static let maximumDeliveryLimit = Duration.seconds(120)
  }

  /// One of the detector's windows, with the unit a wiring file writes it in.
  public enum Window: String, Sendable, Hashable, CaseIterable {
    case bounce
    case settle
    case maximumDelivery = "max-delivery"

    /// The window's key path in a wiring file, such as `detector.settle`.
    public var keyPath: String { "detector.\(rawValue)" }

    /// The unit of the number in the file: `ms` or `s`.
    public var unit: String { self == .bounce ? "ms" : "s" }

    /// How many microseconds one unit of the file's number is.
    var microsecondsPerUnit: Double { self == .bounce ? 1_000 : 1_000_000 }

    /// The sane range, in words, with the default.
    public var saneRange: String {
      switch self {
      case .bounce: "more than 0 ms and at most 1000 ms (default 30 ms)"
      case .settle: "more than 0 s and at most 30 s (default 3 s; string pinsetters use 2-5.5 s)"
      case .maximumDelivery: "longer than the settle window and at most 120 s"
      }
    }

    /// The upper limit of the window.
    var limit: Duration {
      switch self {
      case .bounce: Detector.bounceLimit
      case .settle: Detector.settleLimit
      case .maximumDelivery: Detector.maximumDeliveryLimit
      }
    }
  }
}

extension Duration {
  /// The duration as a whole number of microseconds, rounded toward zero.
  var wholeMicroseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  }
}

extension Wiring.Detector {
  /// The throw detector's configuration for these windows; without a delivery bound, the
  /// detector's own.
  public var configuration: ThrowDetector.Configuration {
    let defaults = ThrowDetector.Configuration()
    return ThrowDetector.Configuration(
      bounce: bounce, settle: settle,
      longestDelivery: maximumDelivery ?? defaults.longestDelivery)
  }
}
