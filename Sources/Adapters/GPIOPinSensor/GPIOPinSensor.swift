import Bowling
import GPIO
import POSIX
import Glibc
import LaneSensing

/// The `PinSensor` of a real lane: edges of GPIO lines, as the kernel stamped them.
///
/// It holds one line request with every input (pins 1-10 and the optional
/// ball, foul and cycle lines) for as long as it is open.
///
/// **Polarity.** Each input says whether it is active-low; the lines are
/// requested as wired and each input's level is applied in Swift, because one
/// request has one active level. A pin input's active level means what
/// ``Configuration/pinActiveMeans`` says, `.down` by default: a string
/// pinsetter's reed switch closes when its pin falls and pulls the string,
/// and the opto-isolator it drives pulls the Pi's input low (so those inputs
/// are active-low with a pull-up bias). The ball and foul inputs fire on their
/// active edge only; the cycle input reads `cycle on` while active and
/// `cycle off` when it goes inactive.
///
/// **Time.** Events carry the kernel's `CLOCK_MONOTONIC` timestamps, taken in
/// the interrupt, not the time the process read them. The opening snapshot and
/// `.quiet` readings are stamped on the same clock (``MonotonicClock``), which
/// the live loop must use too. An instant older than the last one returned
/// (e.g. an edge stamped just before the opening snapshot) is raised to it,
/// keeping the order, so time never goes backwards.
///
/// **Lost events.** With libgpiod 2.x every event has a sequence number; a
/// gap in a full read means the kernel's queue overflowed (a gap in a shorter
/// read is an edge queued out of order; see `EdgeTranslator`), and the sensor
/// returns `.lost(count:at:)` then a `.snapshot` read from the kernel (wound
/// back to just before the event after the gap). libgpiod 1.x gives no
/// sequence numbers, so a loss cannot be detected there.
///
/// **Idle.** `next(timeout:)` blocks in the kernel (`ppoll`) until an edge,
/// the timeout or the ``wake`` event (a signal handler signals it), so an
/// idle lane costs no CPU and wakes for nothing else. Woken, it returns
/// `.quiet(until:)` the clock's reading, so the loop can check why (a stop
/// request). Events read in one batch are handed out one per call, in order,
/// before the kernel is asked again.
///
/// Calls must come from one thread at a time. The lines are released by
/// `close()` or when the sensor goes away.
public final class GPIOPinSensor: PinSensor {
  public typealias Failure = GPIOError

  /// The held lines, `nil` once closed.
  private var request: LineRequest?
  private var translator: EdgeTranslator
  /// Readings made but not yet returned, oldest first from `nextPending`.
  private var pending: [SensorReading]
  private var nextPending = 0

  public private(set) var standing: PinSet = .full
  /// Ends a wait early when signalled; `nil` waits only for edges and the timeout.
  public let wake: WakeEvent?

  /// Opens the chip if needed, requests every input line and reads the pins.
  ///
  /// - Parameters:
  ///   - configuration: The chip and the inputs.
  ///   - wake: An event that ends any wait at once when signalled (by a signal handler).
  /// - Throws: `GPIOError` when the chip cannot be opened, the lines cannot be
  ///   requested (busy, beyond the chip, given to two inputs) or read.
  public init(_ configuration: Configuration, wake: WakeEvent? = nil) throws(GPIOError) {
    self.wake = wake
    let chip = try configuration.chip.opened()
    let lineRequest = configuration.lineRequest(
      kernelDebounce: LibGPIOD.supportsKernelDebounce)
    let duplicates = configuration.duplicateOffsets
    guard duplicates.isEmpty else {
      throw GPIOError(
        operation: .requestLines(chip: chip.info.path, lineRequest),
        errno: EINVAL,
        problem: .duplicateOffsets(duplicates))
    }
    let request = try chip.requestInputs(lineRequest)
    translator = configuration.translator
    let levels = try request.values()
    pending = [translator.opening(levels: levels, at: MonotonicClock.now())]
    self.request = request
  }

  /// The chip the lines belong to, `nil` once closed.
  public var chip: GPIOChip? { request?.chip }

  /// Returns the next reading, waiting in the kernel at most `timeout` for one.
  ///
  /// The timeout counts in sensor time, as the detector counts it: from the
  /// instant of the last reading returned (an edge's kernel timestamp, a quiet
  /// instant), not from the call. So the time between an edge and its read, and
  /// the caller's own work between readings, do not push the wait past the
  /// detector's deadline; a deadline already passed only polls. With a ``wake``
  /// event the kernel's timer is armed at that instant itself, so no clock
  /// read on the way moves it.
  ///
  /// When the time runs out the reading is `.quiet(until:)` that instant plus
  /// `timeout`: no edge came until then (one would have ended the wait), and
  /// the clock has passed it.
  /// - Throws: `GPIOError` when the kernel cannot be waited on or read.
  public func next(timeout: Duration) throws(GPIOError) -> SensorReading? {
    guard let request else { return nil }
    if nextPending == pending.count {
      pending = []
      nextPending = 0
      let since = translator.latest ?? MonotonicClock.now()
      let deadline = Self.instant(since, after: max(timeout, .zero))
      // Waits again when every edge of a batch meant nothing (a ball input
      // going inactive), until the deadline.
      while pending.isEmpty {
        if let wake {
          switch try request.waitForEvents(untilMonotonic: deadline.nanoseconds, orWake: wake) {
          case .events:
            break
          case .woken:
            wake.reset()
            return translator.quiet(until: min(MonotonicClock.now(), deadline))
          case .timedOut:
            return translator.quiet(until: deadline)
          }
        } else {
          let remaining = max(deadline - MonotonicClock.now(), .zero)
          guard try request.waitForEvents(timeout: remaining) else {
            return translator.quiet(until: deadline)
          }
        }
        let events = try request.readEvents()
        pending = try translator.translate(events, filledTheRead: events.count >= request.eventsPerRead) {
          () throws(GPIOError) in
          try request.values()
        }
      }
    }
    let reading = pending[nextPending]
    nextPending += 1
    take(reading)
    return reading
  }

  /// Releases the lines; later calls to `next(timeout:)` return `nil`.
  public func close() {
    request = nil
    pending = []
    nextPending = 0
  }

  /// Keeps `standing` up with a reading returned.
  private func take(_ reading: SensorReading) {
    if case .event(let event) = reading { standing.apply(event) }
  }

  /// `start` plus `duration`, saturating instead of overflowing.
  private static func instant(_ start: SensorInstant, after duration: Duration) -> SensorInstant {
    let (seconds, attoseconds) = duration.components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (nanoseconds, carry) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    let (end, past) = start.nanoseconds.addingReportingOverflow(nanoseconds)
    if overflow || carry || past { return SensorInstant(nanoseconds: .max) }
    return SensorInstant(nanoseconds: end)
  }
}
