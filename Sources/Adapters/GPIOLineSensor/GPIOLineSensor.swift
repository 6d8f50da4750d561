import Calibration
import GPIO
import GPIOPinSensor
import LaneSensing

/// The ``LineSensor`` of a real chip: many of its lines requested at once, as wired, with
/// both edges watched, for calibration.
///
/// Levels and edges are physical (nothing is requested active-low), because calibration is
/// what finds out which level means active. Changes carry the kernel's `CLOCK_MONOTONIC`
/// timestamps; the opening levels and `.quiet` readings are stamped with ``MonotonicClock``,
/// the same clock. With libgpiod 2.x a gap in the events' sequence numbers is reported as
/// `.lost` and followed by the levels read afresh; libgpiod 1.x cannot tell.
///
/// Calls must come from one thread at a time. The lines are released by `close()` or when
/// the sensor goes away.
public final class GPIOLineSensor: LineSensor {
  public typealias Failure = GPIOError

  /// The most lines one kernel request can hold.
  public static let maximumLines = 64

  private var request: LineRequest?
  private var pending: [LineReading] = []
  private var latest: SensorInstant = .zero
  private var lastSequence: UInt64 = 0

  public let offsets: [Int]

  /// Requests `offsets` of `chip` as inputs with both edges watched and `bias`.
  ///
  /// - Parameter consumer: The name other programs see holding the lines (`gpioinfo`).
  /// - Throws: `GPIOError` when the lines cannot be requested (busy, beyond the chip, more
  ///   than ``maximumLines``) or read.
  public init(
    chip: GPIOChip, offsets: [Int], bias: Bias, consumer: String = "lane calibrate"
  ) throws(GPIOError) {
    let sorted = offsets.sorted()
    let configuration = LineRequest.Configuration(
      offsets: sorted.map { LineOffset(rawValue: UInt32($0)) },
      consumer: consumer, edgeDetection: .both, bias: bias, activeLow: false)
    let request = try chip.requestInputs(configuration)
    self.offsets = sorted
    self.request = request
    pending = [.levels(try Self.levels(request), at: stamp(MonotonicClock.now()))]
  }

  public func next(timeout: Duration) throws(GPIOError) -> LineReading? {
    guard let request else { return nil }
    if pending.isEmpty {
      let start = MonotonicClock.now()
      guard try request.waitForEvents(timeout: max(timeout, .zero)) else {
        return .quiet(until: stamp(start + max(timeout, .zero)))
      }
      for event in try request.readEvents() {
        if let sequence = event.globalSequence {
          if sequence > lastSequence + 1, lastSequence > 0 {
            let time = stamp(SensorInstant(nanoseconds: Int64(clamping: event.timestampNanoseconds)))
            pending.append(.lost(count: Int(sequence - lastSequence - 1), at: time))
            pending.append(.levels(try Self.levels(request), at: time))
            lastSequence = sequence
            continue
          }
          lastSequence = sequence
        }
        let time = stamp(SensorInstant(nanoseconds: Int64(clamping: event.timestampNanoseconds)))
        pending.append(.change(LineChange(
          offset: Int(event.offset.rawValue),
          to: event.kind == .rising ? .high : .low, at: time)))
      }
      if pending.isEmpty { return .quiet(until: stamp(MonotonicClock.now())) }
    }
    return pending.removeFirst()
  }

  public func close() {
    request = nil
    pending = []
  }

  /// `time`, raised to the last instant handed out so time never goes backwards.
  private func stamp(_ time: SensorInstant) -> SensorInstant {
    latest = max(latest, time)
    return latest
  }

  private static func levels(_ request: LineRequest) throws(GPIOError) -> [Int: LineLevel] {
    var levels: [Int: LineLevel] = [:]
    for (offset, isHigh) in try request.values() {
      levels[Int(offset.rawValue)] = LineLevel(isHigh: isHigh)
    }
    return levels
  }
}
