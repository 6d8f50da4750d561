import Bowling

/// Turns raw, noisy, timestamped pin sensor events into the throws a scoring engine needs.
///
/// A pure state machine: it never reads a clock and never sleeps. It is fed events with
/// `handle(_:)` and told the time with `advance(to:)`; each call returns what became known.
/// Tests and replays therefore run faster than real time and never flake, and the live
/// loop, which alone owns a clock, only has to call `advance(to:)` when no edge arrives
/// before `nextDeadline`.
///
/// The rules, and why each is what it is (`docs/throw-detector.md` draws them):
/// 1. **Bounce.** A pin's change counts only once its new level has held for `bounce`;
///    shorter pulses are ignored. Reed switches chatter for a few milliseconds when they
///    change, and a standing pin that is merely brushed flickers; neither is pinfall. The
///    change counts at the end of the window, the first moment it is known.
/// 2. **Start.** A delivery starts at a ball event while the deck is ready, or at the first
///    counted pin-down while the deck is ready (the ball detector missed or is absent). A
///    ball event during a delivery belongs to it. The ball detector is the earliest and
///    surest sign of a delivery, but it can miss, and falling pins are proof enough.
/// 3. **End.** A delivery ends `settle` after its last counted pin-down (after its start if
///    no pin fell: a gutter ball), or at `cycle on`, whichever comes first. Its throw is the
///    pins standing before minus those standing at its end. Pins fall for seconds after the
///    ball (late fallers), so the deck is read only once it has been still for `settle`; a
///    pinsetter starting its cycle means the lane itself says pinfall is over, and pins the
///    sweep knocks are not pinfall.
/// 4. **Foul.** A foul tripped during a delivery marks it; one tripped while the deck is
///    ready marks the next delivery. A foul credits no pins (the throw carries the knocked
///    pins and `isFoul`; the scoring engine credits nothing). The foul line is crossed as
///    the ball is released, before the ball or any pin can signal.
/// 5. **Cycle.** From `cycle on` until `bounce` after `cycle off`, pin changes are not
///    deliveries; the deck as it then stands is the new standing set. The pinsetter moves
///    pins (sweep, respot, new rack) and those movements are not throws; the extra bounce
///    window lets the last set pins stop chattering.
/// 6. **Respot.** Without cycle signals, pins coming back up while the deck is ready only
///    update the standing set; they never start a delivery. A rising pin cannot be pinfall.
/// 7. **New game** after the tenth frame is the game pipeline's concern: the detector knows
///    nothing of frames and keeps reporting deliveries.
///
/// What the rules leave open, settled here and reported as `Warning`s:
/// - A pin counted down that rises during a delivery counts as standing (a moved pin that
///   stays up is standing); warned `.pinRoseDuringDelivery`.
/// - A sensor that never settles (a pin flapping slower than `bounce`) would keep a delivery
///   open forever: it ends `longestDelivery` after its start, marked `isCutShort`, warned.
/// - A delivery started by a falling pin without a ball that ends with nothing knocked was a
///   wobble, not a delivery: no throw, warned `.wobbleIgnored`.
/// - A ball or foul during a pinsetter cycle is ignored and warned; pins falling during a
///   cycle are the cycle's business (rule 5) and not warned.
/// - Events sharing an instant are taken in the order given. At one instant, windows that
///   close (a pin's bounce, the settle, the cycle's end) close before the event is taken,
///   and pin changes count before a delivery or a cycle ends.
/// - An event stamped before the current time is taken at the current time and warned.
public struct ThrowDetector: Sendable {
  /// The windows the detector waits for, which the user can tune to the lane.
  public struct Configuration: Hashable, Sendable {
    /// How long a pin's new level must hold before it counts (contact bounce).
    public var bounce: Duration
    /// How long the deck must be still after the last pin fell before a delivery ends.
    public var settle: Duration
    /// The longest a delivery may last, for sensors that never settle.
    public var longestDelivery: Duration

    /// - Parameters:
    ///   - bounce: Contact bounce window; 30 ms covers reed switch chatter.
    ///   - settle: Deck settle window; 3 s is the common pinfall delay of string pinsetters.
    ///   - longestDelivery: Upper bound on one delivery; at least `settle`.
    public init(
      bounce: Duration = .milliseconds(30),
      settle: Duration = .seconds(3),
      longestDelivery: Duration = .seconds(15)
    ) {
      self.bounce = bounce
      self.settle = settle
      self.longestDelivery = max(longestDelivery, settle)
    }
  }

  private enum Phase: Sendable {
    /// Waiting for a delivery.
    case ready
    case delivery(Delivery)
    /// Between `cycle on` and `cycle off`.
    case cycling
    /// After `cycle off`, until the bounce window has passed.
    case clearing(until: SensorInstant)
  }

  private struct Delivery: Sendable {
    var start: SensorInstant
    var standingBefore: PinSet
    var ballDetected: Bool
    var isFoul: Bool
    var lastPinDown: SensorInstant?
    /// The pin whose fall started the delivery, when no ball did.
    var startedBy: Pin?
  }

  public let configuration: Configuration
  /// The configuration's windows in whole nanoseconds, so the per-event deadline checks are
  /// 64-bit integer arithmetic rather than `Duration`'s 128-bit.
  private let bounceNanoseconds: Int64
  private let settleNanoseconds: Int64
  private let longestDeliveryNanoseconds: Int64
  /// The latest instant the detector has been told about.
  public private(set) var now: SensorInstant
  /// The pins counted standing: raw levels that have held for the bounce window.
  public private(set) var standing: PinSet
  /// The pins whose sensors read standing right now, bounce or not.
  public private(set) var rawStanding: PinSet
  /// When each pin's raw level last changed, by pin index; meaningful while it differs
  /// from its counted level.
  private var rawChangedAt: [Int64]
  private var phase = Phase.ready
  /// A foul tripped while the deck was ready, waiting for its delivery.
  private var foulPending = false
  private var hasSeenEvent = false
  private var outbox: [Output] = []

  /// Creates a detector with a ready deck.
  ///
  /// - Parameters:
  ///   - configuration: The bounce, settle and bound windows.
  ///   - standing: The deck before the first event; a first `.snapshot` event replaces it.
  ///   - start: The instant the detector starts at.
  public init(
    configuration: Configuration = Configuration(),
    standing: PinSet = .full,
    start: SensorInstant = .zero
  ) {
    self.configuration = configuration
    self.bounceNanoseconds = configuration.bounce.nanoseconds
    self.settleNanoseconds = configuration.settle.nanoseconds
    self.longestDeliveryNanoseconds = configuration.longestDelivery.nanoseconds
    self.standing = standing
    self.rawStanding = standing
    self.now = start
    self.rawChangedAt = Array(repeating: start.nanoseconds, count: 10)
  }

  /// Whether the deck is waiting for a delivery (not in one, not cycling).
  public var isReady: Bool {
    if case .ready = phase { true } else { false }
  }

  /// Whether a delivery has started and not yet ended.
  public var isInDelivery: Bool {
    if case .delivery = phase { true } else { false }
  }

  /// The next instant at which something becomes known without any new event: a bounce
  /// window, the settle window, the delivery bound or the cycle's end. `nil` if none.
  ///
  /// The live loop waits for an edge at most until then, then calls `advance(to:)`.
  public var nextDeadline: SensorInstant? {
    switch (nextPinDeadline?.time, phaseDeadline?.time) {
    case (let pin?, let phase?): min(pin, phase)
    case (let pin?, nil): pin
    case (nil, let phase?): phase
    case (nil, nil): nil
    }
  }

  // MARK: Input

  /// Takes one sensor event, first closing every window that ends at or before its time.
  ///
  /// - Returns: The throws, deck changes and warnings that became known.
  @discardableResult
  public mutating func handle(_ event: SensorEvent) -> [Output] {
    take(event)
    return takeOutput()
  }

  /// Takes one event as ``handle(_:)`` does, leaving what became known in the outbox.
  private mutating func take(_ event: SensorEvent) {
    var time = event.time
    if time < now {
      warn(.eventBeforeCurrentTime(stamped: time))
      time = now
    }
    run(until: time)
    defer { hasSeenEvent = true }
    switch event.kind {
    case .pin(let pin, let level):
      changeRaw(pin, to: level == .standing, at: time)
    case .snapshot(let levels):
      if !hasSeenEvent {
        standing = levels
        rawStanding = levels
        emit(.deckChanged(DeckChange(time: time, standing: levels, reason: .initialSnapshot)))
      } else {
        for pin in Pin.allCases where levels.contains(pin) != rawStanding.contains(pin) {
          changeRaw(pin, to: levels.contains(pin), at: time)
        }
      }
    case .ball:
      ball(at: time)
    case .foul:
      foul(at: time)
    case .cycle(let isOn):
      cycle(isOn: isOn, at: time)
    }
  }

  /// Tells the detector that time has reached `time` with no new event.
  ///
  /// Earlier instants are ignored: time never goes backwards.
  /// - Returns: The throws, deck changes and warnings that became known.
  @discardableResult
  public mutating func advance(to time: SensorInstant) -> [Output] {
    run(until: time)
    return takeOutput()
  }

  /// Takes whatever a `PinSensor` returned: an event, a quiet instant or lost events.
  @discardableResult
  public mutating func read(_ reading: SensorReading) -> [Output] {
    take(reading)
    return takeOutput()
  }

  /// Takes a reading like ``read(_:)`` and hands what became known to `body`, in order,
  /// without building an array: the loop's steady path allocates nothing per reading.
  ///
  /// - Throws: What `body` throws; outputs after the failing one are dropped, as when the
  ///   array `read(_:)` returns is abandoned.
  public mutating func read(_ reading: SensorReading, into body: (Output) throws -> Void) rethrows {
    take(reading)
    try drainOutput(into: body)
  }

  private mutating func take(_ reading: SensorReading) {
    switch reading {
    case .event(let event):
      take(event)
    case .quiet(let time):
      run(until: time)
    case .lost(let count, let time):
      run(until: time)
      warn(.eventsLost(count: count))
    }
  }

  /// Ends the input: lets every open window close, as if the lane stayed quiet.
  ///
  /// - Returns: The last throw, if a delivery was open, and any warnings.
  @discardableResult
  public mutating func finish() -> [Output] {
    let later = now + configuration.longestDelivery + configuration.settle
      + configuration.bounce * 2
    run(until: later)
    if case .cycling = phase { warn(.endedDuringCycle) }
    return takeOutput()
  }

  // MARK: Events

  private mutating func changeRaw(_ pin: Pin, to isStanding: Bool, at time: SensorInstant) {
    guard rawStanding.contains(pin) != isStanding else { return }
    if isStanding { rawStanding.insert(pin) } else { rawStanding.remove(pin) }
    // A level back where it is counted cancels the pending change (rule 1); a new one
    // restarts the bounce window.
    rawChangedAt[pin.rawValue - 1] = time.nanoseconds
  }

  private mutating func ball(at time: SensorInstant) {
    switch phase {
    case .ready:
      startDelivery(at: time, standingBefore: standing, ball: true, startedBy: nil)
    case .delivery(var delivery):
      if delivery.ballDetected {
        warn(.extraBall)
      } else {
        delivery.ballDetected = true
        phase = .delivery(delivery)
      }
    case .cycling, .clearing:
      warn(.ballDuringCycle)
    }
  }

  private mutating func foul(at time: SensorInstant) {
    switch phase {
    case .ready:
      foulPending = true
    case .delivery(var delivery):
      delivery.isFoul = true
      phase = .delivery(delivery)
    case .cycling, .clearing:
      warn(.foulDuringCycle)
    }
  }

  private mutating func cycle(isOn: Bool, at time: SensorInstant) {
    switch (phase, isOn) {
    case (.delivery(let delivery), true):
      endDelivery(delivery, at: time, cutShort: false)
      phase = .cycling
    case (.ready, true), (.clearing, true):
      phase = .cycling
    case (.cycling, true):
      warn(.cycleOnDuringCycle)
    case (.cycling, false):
      phase = .clearing(until: time + configuration.bounce)
    case (_, false):
      warn(.cycleOffWithoutCycleOn)
    }
  }

  // MARK: Time

  /// Closes, in time order, every window that ends at or before `time`.
  private mutating func run(until time: SensorInstant) {
    while true {
      let pinDue = nextPinDeadline
      let phaseDue = phaseDeadline
      if let phaseDue, phaseDue.time <= time,
        pinDue.map({ phaseDue.time < $0.time }) ?? true
      {
        if phaseDue.time > now { now = phaseDue.time }
        closePhaseWindow(at: phaseDue.time, cutShort: phaseDue.cutsShort)
      } else if let pinDue, pinDue.time <= time {
        if pinDue.time > now { now = pinDue.time }
        count(pinDue.pin, at: pinDue.time)
      } else {
        break
      }
    }
    if time > now { now = time }
  }

  /// The pending pin change whose bounce window ends first.
  private var nextPinDeadline: (time: SensorInstant, pin: Pin)? {
    var pending = rawStanding.bits ^ standing.bits
    guard pending != 0 else { return nil }
    var bestIndex = -1
    var best = SensorInstant.distantFuture
    // Only the pending pins, lowest first (the earliest wins a tie, as in pin order).
    while pending != 0 {
      let index = pending.trailingZeroBitCount
      pending &= pending &- 1
      let due = Self.instant(rawChangedAt[index], plus: bounceNanoseconds)
      if bestIndex < 0 || due < best {
        bestIndex = index
        best = due
      }
    }
    return (best, Pin(rawValue: bestIndex + 1)!)
  }

  /// `nanoseconds + window` as an instant, saturating like `SensorInstant + Duration`.
  private static func instant(_ nanoseconds: Int64, plus window: Int64) -> SensorInstant {
    let (sum, overflow) = nanoseconds.addingReportingOverflow(window)
    guard overflow else { return SensorInstant(nanoseconds: sum) }
    return window > 0 ? .distantFuture : .distantPast
  }

  /// When the current phase ends by itself, and whether that cuts a delivery short.
  private var phaseDeadline: (time: SensorInstant, cutsShort: Bool)? {
    switch phase {
    case .ready, .cycling:
      return nil
    case .clearing(let until):
      return (until, false)
    case .delivery(let delivery):
      let settled = Self.instant(
        (delivery.lastPinDown ?? delivery.start).nanoseconds, plus: settleNanoseconds)
      let bound = Self.instant(delivery.start.nanoseconds, plus: longestDeliveryNanoseconds)
      return bound < settled ? (bound, true) : (settled, false)
    }
  }

  private mutating func closePhaseWindow(at time: SensorInstant, cutShort: Bool) {
    switch phase {
    case .delivery(let delivery):
      if cutShort { warn(.deliveryCutShort(longestDelivery: configuration.longestDelivery)) }
      endDelivery(delivery, at: time, cutShort: cutShort)
    case .clearing:
      phase = .ready
      emit(.deckChanged(DeckChange(time: time, standing: standing, reason: .cycleEnded)))
    case .ready, .cycling:
      break
    }
  }

  /// A pin's raw level has held for the bounce window: it counts now (rule 1).
  private mutating func count(_ pin: Pin, at time: SensorInstant) {
    let isStanding = rawStanding.contains(pin)
    let before = standing
    if isStanding { standing.insert(pin) } else { standing.remove(pin) }
    switch phase {
    case .ready:
      if isStanding {
        emit(.deckChanged(DeckChange(time: time, standing: standing, reason: .respot(pin))))
      } else {
        startDelivery(at: time, standingBefore: before, ball: false, startedBy: pin)
      }
    case .delivery(var delivery):
      if isStanding {
        warn(.pinRoseDuringDelivery(pin))
      } else {
        delivery.lastPinDown = time
        phase = .delivery(delivery)
      }
    case .cycling, .clearing:
      break
    }
  }

  private mutating func startDelivery(
    at time: SensorInstant, standingBefore: PinSet, ball: Bool, startedBy pin: Pin?
  ) {
    phase = .delivery(Delivery(
      start: time, standingBefore: standingBefore, ballDetected: ball, isFoul: foulPending,
      lastPinDown: pin == nil ? nil : time, startedBy: pin))
    foulPending = false
  }

  private mutating func endDelivery(_ delivery: Delivery, at time: SensorInstant, cutShort: Bool) {
    phase = .ready
    let knocked = delivery.standingBefore.subtracting(standing)
    if !delivery.ballDetected, knocked.isEmpty, let pin = delivery.startedBy {
      warn(.wobbleIgnored(pin))
      foulPending = delivery.isFoul
      return
    }
    emit(.delivery(DetectedThrow(
      start: delivery.start, end: time, standingBefore: delivery.standingBefore,
      knocked: knocked, isFoul: delivery.isFoul, ballDetected: delivery.ballDetected,
      isCutShort: cutShort)))
  }

  // MARK: Output

  private mutating func warn(_ kind: Warning.Kind) {
    emit(.warning(Warning(time: now, kind: kind)))
  }

  private mutating func emit(_ output: Output) {
    outbox.append(output)
  }

  private mutating func takeOutput() -> [Output] {
    defer { outbox = [] }
    return outbox
  }

  /// Hands the outbox to `body` and empties it, keeping its storage for the next reading.
  private mutating func drainOutput(into body: (Output) throws -> Void) rethrows {
    guard !outbox.isEmpty else { return }
    defer { outbox.removeAll(keepingCapacity: true) }
    var index = 0
    while index < outbox.count {
      try body(outbox[index])
      index += 1
    }
  }
}
