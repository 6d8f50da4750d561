import POSIX
import Synchronization

/// Input lines held for edge events, released when the last reference goes.
///
/// Calls on one request are serialized: a ``values()`` from another thread
/// waits while ``waitForEvents(timeout:)`` blocks.
public final class LineRequest: Sendable {
  /// How to request a set of input lines; one setting for all of them.
  public struct Configuration: Hashable, Sendable {
    /// The lines, at most 64, each once.
    public var offsets: [LineOffset]
    /// The name other programs see holding the lines (`gpioinfo`).
    public var consumer: String
    /// Which edges produce events.
    public var edgeDetection: Edge
    /// The internal pull resistor.
    public var bias: Bias
    /// Whether a low level means active (a switch that closes to ground).
    public var activeLow: Bool
    /// The kernel's debounce period; libgpiod 1.x supports only ``DebouncePeriod/none``.
    public var debounce: DebouncePeriod
    /// The lines the debounce period applies to; `nil` for all. Leave out lines whose
    /// short pulses matter (a ball detector), or the kernel swallows them.
    public var debouncedOffsets: Set<LineOffset>?
    /// The clock of event timestamps; libgpiod 1.x has only monotonic.
    public var eventClock: EventClock
    /// The kernel's event queue size for the request (libgpiod 2.x), 0 for
    /// the kernel's default (16 per line).
    public var eventBufferSize: Int

    /// Creates a configuration; the defaults watch both edges of lines as
    /// they are wired, with kernel timestamps on the monotonic clock.
    public init(
      offsets: [LineOffset],
      consumer: String = "lane",
      edgeDetection: Edge = .both,
      bias: Bias = .asIs,
      activeLow: Bool = false,
      debounce: DebouncePeriod = .none,
      debouncedOffsets: Set<LineOffset>? = nil,
      eventClock: EventClock = .monotonic,
      eventBufferSize: Int = 0
    ) {
      self.offsets = offsets
      self.consumer = consumer
      self.edgeDetection = edgeDetection
      self.bias = bias
      self.activeLow = activeLow
      self.debounce = debounce
      self.debouncedOffsets = debouncedOffsets
      self.eventClock = eventClock
      self.eventBufferSize = eventBufferSize
    }
  }

  /// The chip the lines belong to, kept open while they are held.
  public let chip: GPIOChip
  /// How the lines were requested.
  public let configuration: Configuration
  private let handle: Mutex<Shim.Handle>

  /// The requested lines, in request order.
  public var offsets: [LineOffset] { configuration.offsets }

  /// Takes ownership of a request the shim made.
  init(chip: GPIOChip, configuration: Configuration, handle: Shim.Handle) {
    self.chip = chip
    self.configuration = configuration
    self.handle = Mutex(handle)
  }

  deinit {
    handle.withLock { Shim.release($0) }
  }

  /// Reads the lines' logical values now (`true` is active).
  ///
  /// - Throws: ``GPIOError`` when the kernel cannot read them.
  ///
  /// The corresponding C function is `gpiod_line_request_get_values`.
  public func values() throws(GPIOError) -> [LineOffset: Bool] {
    let count = offsets.count
    let values = try withHandle(.readValues(chip: chip.info.path)) {
      (request) throws(Shim.Failure) in try Shim.values(request, count: count)
    }
    return Dictionary(uniqueKeysWithValues: zip(offsets, values))
  }

  /// Blocks in the kernel until an edge event is pending or `timeout` passes;
  /// a zero or negative timeout only looks. Uses no CPU while waiting.
  ///
  /// - Returns: `true` when events are pending, `false` when the time ran out.
  /// - Throws: ``GPIOError`` when the wait fails (signals are retried).
  ///
  /// The corresponding C function is `gpiod_line_request_wait_edge_events`.
  public func waitForEvents(timeout: Duration) throws(GPIOError) -> Bool {
    try withHandle(.waitForEvents(chip: chip.info.path)) {
      (request) throws(Shim.Failure) in try Shim.waitForEvents(request, timeout: timeout)
    }
  }

  /// What ended a ``waitForEvents(untilMonotonic:orWake:)``.
  public enum WaitOutcome: Hashable, Sendable {
    /// Edge events are pending.
    case events
    /// The wake event was signalled (and no edge is pending).
    case woken
    /// The deadline passed with neither.
    case timedOut
  }

  /// Blocks in the kernel until an edge event is pending, `wake` is signalled or
  /// `CLOCK_MONOTONIC` reaches `deadline` nanoseconds, whichever comes first: no periodic
  /// wake-up, no CPU while waiting.
  ///
  /// The deadline is an instant, not a timeout, so no clock read between the caller and the
  /// kernel's timer moves it (`.monotonic` edge timestamps are on the same clock); one
  /// already passed only looks. Pending edges win over a wake-up; the wake event is left
  /// signalled (``WakeEvent/reset()`` clears it).
  /// - Throws: ``GPIOError`` when the wait fails (signals are retried).
  ///
  /// The corresponding C functions are `cgpiod_request_fds` and `cgpiod_wait_fds_until`.
  public func waitForEvents(
    untilMonotonic deadline: Int64, orWake wake: WakeEvent
  ) throws(GPIOError) -> WaitOutcome {
    let descriptors = try withHandle(.waitForEvents(chip: chip.info.path)) {
      (request) throws(Shim.Failure) in try Shim.descriptors(request)
    }
    let ready: [Bool]
    do {
      ready = try Shim.wait(descriptors + [wake.descriptor], until: deadline)
    } catch {
      throw GPIOError(operation: .waitForEvents(chip: chip.info.path), errno: error.errno, context: chip)
    }
    if ready.dropLast().contains(true) { return .events }
    return ready.last == true ? .woken : .timedOut
  }

  /// The most events one ``readEvents()`` returns: the kernel's queue size
  /// as requested (libgpiod and the kernel cap it at 1024), never more than
  /// the queue holds, so the read after the kernel dropped an event is full.
  public var eventsPerRead: Int {
    let requested = configuration.eventBufferSize > 0 ? configuration.eventBufferSize : 16 * offsets.count
    return min(requested, Self.largestEventQueue)
  }

  /// The kernel's largest event queue per request (`GPIO_V2_LINES_MAX` × 16),
  /// libgpiod's largest event buffer too.
  static let largestEventQueue = 1024

  /// Reads the pending edge events without blocking, oldest first; empty
  /// when none is pending.
  ///
  /// - Throws: ``GPIOError`` when the read fails.
  ///
  /// The corresponding C function is `gpiod_line_request_read_edge_events`.
  public func readEvents() throws(GPIOError) -> [EdgeEvent] {
    let capacity = eventsPerRead
    let clock = configuration.eventClock
    let events = try withHandle(.readEvents(chip: chip.info.path)) {
      (request) throws(Shim.Failure) in try Shim.readEvents(request, capacity: capacity)
    }
    return events.map { EdgeEvent($0, clock: clock) }
  }

  /// Runs `body` with the request's handle held, and diagnoses its failure
  /// with the chip's facts.
  private func withHandle<Value: Sendable>(
    _ operation: GPIOError.Operation,
    _ body: (Shim.Handle) throws(Shim.Failure) -> Value
  ) throws(GPIOError) -> Value {
    let result = handle.withLock { request in
      Result { () throws(Shim.Failure) in try body(request) }
    }
    switch result {
    case .success(let value):
      return value
    case .failure(let failure):
      throw GPIOError(operation: operation, errno: failure.errno, context: chip)
    }
  }
}
