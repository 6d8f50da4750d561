import Bowling
import LaneSensing

/// A `PinSensor` that replays a script or a recorded trace on its own simulated clock.
///
/// It keeps every guarantee of `PinSensor`: a snapshot first (a trace that does not begin
/// with `pins` starts with all ten standing, as the trace format specifies), readings in
/// order, time never going backwards, `nil` at the end and after `close()`.
///
/// Its clock starts at the first reading and moves only as readings are taken:
/// `next(timeout:)` returns the next event if it happens within `timeout` of the clock,
/// and otherwise moves the clock on by `timeout` and returns `.quiet(until:)`. Nothing
/// sleeps, so a replay runs as fast as the events can be read.
public struct SimulatedPinSensor: PinSensor {
  public typealias Failure = TraceError

  private enum Source {
    case script([SensorReading], next: Int)
    case lines(TraceReader<AnyIterator<String>>)
    /// Read from `stream`, kept outside the enum so it advances in place.
    case file
  }

  private var source: Source
  private var stream: TraceEventStream?
  private var upcoming: SensorReading?
  private var hasStarted = false
  private var isClosed = false
  private let initialStanding: PinSet

  public private(set) var standing: PinSet
  /// The simulated clock: the instant of the last reading returned.
  public private(set) var now: SensorInstant = .zero

  /// A sensor that replays a script.
  public init(script: SensorScript) {
    let ordered = script.readings.enumerated()
      .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
    let opening = SensorReading.event(
      SensorEvent(.snapshot(standing: script.initialStanding), at: .zero))
    source = .script([opening] + ordered, next: 0)
    initialStanding = script.initialStanding
    standing = script.initialStanding
  }

  /// A sensor that replays trace lines (without terminators) from any source, such as stdin.
  public init<Lines: IteratorProtocol<String>>(traceLines lines: Lines) {
    var lines = lines
    source = .lines(TraceReader(lines: AnyIterator { lines.next() }))
    initialStanding = .full
    standing = .full
  }

  /// A sensor that replays the trace file at `path`, read in large blocks.
  ///
  /// - Throws: `TraceFile.OpenError` when the file cannot be opened or is not a regular file.
  public init(contentsOf path: String) throws(TraceFile.OpenError) {
    self.init(file: try TraceFile(path: path))
  }

  /// A sensor that replays an open trace file (or standard input).
  public init(file: TraceFile) {
    source = .file
    stream = TraceEventStream(file: file)
    initialStanding = .full
    standing = .full
  }

  /// A sensor that replays a trace from standard input (`lane simulate -`).
  ///
  /// - Parameter stopDescriptor: Readable once the replay should stop (``TraceFile/standardInput(stopDescriptor:)``).
  public static func standardInput(stopDescriptor: Int32 = -1) -> SimulatedPinSensor {
    SimulatedPinSensor(file: .standardInput(stopDescriptor: stopDescriptor))
  }

  public mutating func next(timeout: Duration) throws(TraceError) -> SensorReading? {
    try next(timeoutNanoseconds: timeout.nanoseconds)
  }

  public mutating func next(timeoutNanoseconds timeout: Int64) throws(TraceError) -> SensorReading? {
    guard !isClosed else { return nil }
    if upcoming == nil { upcoming = try pull() }
    if !hasStarted {
      hasStarted = true
      return open()
    }
    guard let reading = upcoming else {
      close()
      return nil
    }
    let (sum, overflow) = now.nanoseconds.addingReportingOverflow(max(timeout, 0))
    let deadline = overflow ? SensorInstant.distantFuture : SensorInstant(nanoseconds: sum)
    guard reading.time <= deadline else {
      now = deadline
      return .quiet(until: deadline)
    }
    upcoming = nil
    take(reading)
    return reading
  }

  public mutating func close() {
    isClosed = true
    upcoming = nil
    stream?.file.close()
  }

  /// The first reading: the trace's own snapshot if it opens with one, else the initial deck.
  private mutating func open() -> SensorReading {
    if case .event(let event)? = upcoming, case .snapshot = event.kind {
      upcoming = nil
      take(.event(event))
      return .event(event)
    }
    let time = upcoming?.time ?? .zero
    let opening = SensorReading.event(SensorEvent(.snapshot(standing: initialStanding), at: time))
    take(opening)
    return opening
  }

  private mutating func take(_ reading: SensorReading) {
    now = max(now, reading.time)
    if case .event(let event) = reading { standing.apply(event) }
  }

  private mutating func pull() throws(TraceError) -> SensorReading? {
    switch source {
    case .script(let readings, let index):
      guard index < readings.count else { return nil }
      source = .script(readings, next: index + 1)
      return readings[index]
    case .lines(var reader):
      // Swap a placeholder in so the reader is uniquely referenced while it advances.
      source = .script([], next: 0)
      defer { source = .lines(reader) }
      return try reader.nextEvent().map(SensorReading.event)
    case .file:
      return try stream?.nextEvent().map(SensorReading.event)
    }
  }
}
