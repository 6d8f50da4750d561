import Bowling

extension ThrowDetector {
  /// What the detector reports as time passes.
  public enum Output: Hashable, Sendable {
    /// A delivery ended; its throw is ready for the scoring engine.
    case delivery(DetectedThrow)
    /// The standing set changed outside a delivery (initial snapshot, respot, cycle).
    case deckChanged(DeckChange)
    /// Something happened that the rules do not cover cleanly; see `Warning.Kind`.
    case warning(Warning)
  }

  /// A new set of standing pins that is not the result of a delivery.
  public struct DeckChange: Hashable, Sendable {
    /// Why the standing set changed.
    public enum Reason: Hashable, Sendable {
      /// The first event was a snapshot of the deck.
      case initialSnapshot
      /// A pin came back up while the deck was ready (a respot without cycle signals).
      case respot(Pin)
      /// The pinsetter finished its cycle and the deck stood still for the bounce window.
      case cycleEnded
    }

    public var time: SensorInstant
    /// The pins standing now; the next delivery starts from these.
    public var standing: PinSet
    public var reason: Reason

    public init(time: SensorInstant, standing: PinSet, reason: Reason) {
      self.time = time
      self.standing = standing
      self.reason = reason
    }
  }

  /// An anomaly on the lane, reported with its time (and pin) instead of being dropped.
  public struct Warning: Hashable, Sendable {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
      /// A pin counted down came back up before its delivery ended; it counts as standing.
      case pinRoseDuringDelivery(Pin)
      /// The deck had not settled `longestDelivery` after the delivery started; the throw
      /// was read at that bound and is marked `isCutShort`.
      case deliveryCutShort(longestDelivery: Duration)
      /// A pin fell without a ball and stood again before the deck settled: a wobble, not a
      /// delivery. No throw was produced.
      case wobbleIgnored(Pin)
      /// The ball detector fired while the pinsetter cycled; the ball was ignored.
      case ballDuringCycle
      /// The ball detector fired a second time in one delivery.
      case extraBall
      /// The foul line tripped while the pinsetter cycled; the foul was ignored.
      case foulDuringCycle
      /// `cycle on` arrived while a cycle was already running.
      case cycleOnDuringCycle
      /// `cycle off` arrived with no cycle running.
      case cycleOffWithoutCycleOn
      /// The sensor dropped this many events; levels were resynchronised from its snapshot.
      case eventsLost(count: Int)
      /// An event was stamped before the detector's current time (at `time`, the event's
      /// own stamp is `stamped`); it was taken at the current time.
      case eventBeforeCurrentTime(stamped: SensorInstant)
      /// The input ended while the pinsetter cycle was still on.
      case endedDuringCycle
    }

    public var time: SensorInstant
    public var kind: Kind

    public init(time: SensorInstant, kind: Kind) {
      self.time = time
      self.kind = kind
    }

    /// The pin the warning is about, if it is about one.
    public var pin: Pin? {
      switch kind {
      case .pinRoseDuringDelivery(let pin), .wobbleIgnored(let pin): pin
      default: nil
      }
    }
  }
}

extension ThrowDetector.Warning: CustomStringConvertible {
  public var description: String {
    let at = "at \(time.secondsText)s: "
    switch kind {
    case .pinRoseDuringDelivery(let pin):
      return at + "pin \(pin) rose again during the delivery; it counts as standing"
    case .deliveryCutShort(let bound):
      return at + "the deck did not settle within \(bound) of the ball; "
        + "the throw was read at that bound (check for a flapping pin sensor)"
    case .wobbleIgnored(let pin):
      return at + "pin \(pin) fell without a ball and stood again; treated as a wobble"
    case .ballDuringCycle:
      return at + "the ball detector fired during a pinsetter cycle; ignored"
    case .extraBall:
      return at + "the ball detector fired twice in one delivery"
    case .foulDuringCycle:
      return at + "the foul line tripped during a pinsetter cycle; ignored"
    case .cycleOnDuringCycle:
      return at + "'cycle on' arrived while a cycle was already on"
    case .cycleOffWithoutCycleOn:
      return at + "'cycle off' arrived with no cycle on"
    case .eventsLost(let count):
      return at + "the sensor lost \(count) events; levels were re-read"
    case .eventBeforeCurrentTime(let stamped):
      return at + "an event stamped \(stamped.secondsText)s arrived after later ones; "
        + "taken at the current time"
    case .endedDuringCycle:
      return at + "the input ended with the pinsetter cycle still on"
    }
  }
}
