import LaneSensing

/// A line sensor with the levels it has reported so far and the time of its last reading.
///
/// Turns the sensor's readings into one stream of changes: a `.levels` reading after lost
/// changes becomes a change for each line that now reads differently, so calibration only
/// ever sees changes and quiet.
struct LineWatch<Sensor: LineSensor> {
  private(set) var sensor: Sensor

  /// Every watched line's level as of the last reading.
  private(set) var levels: [Int: LineLevel] = [:]

  /// The instant of the last reading.
  private(set) var now: SensorInstant = .zero

  /// How many changes the sensor has said it dropped, in total.
  private(set) var lostCount = 0

  /// Changes made from a `.levels` reading, not yet handed out.
  private var pending: [LineChange] = []

  /// Starts watching; the sensor's first reading (its levels) is read now.
  init(_ sensor: Sensor) throws(CalibrationError<Sensor.Failure>) {
    self.sensor = sensor
    var opened = false
    while !opened {
      if case .levels = try read(timeout: .zero) { opened = true }
    }
  }

  /// The next change before `deadline`, or `nil` once the deadline passed with none.
  mutating func next(until deadline: SensorInstant) throws(CalibrationError<Sensor.Failure>)
    -> LineChange?
  {
    while true {
      if !pending.isEmpty { return pending.removeFirst() }
      guard now < deadline else { return nil }
      if case .change(let change) = try read(timeout: deadline - now) { return change }
    }
  }

  /// Every change until `deadline`.
  mutating func changes(until deadline: SensorInstant) throws(CalibrationError<Sensor.Failure>)
    -> [LineChange]
  {
    var changes: [LineChange] = []
    while let change = try next(until: deadline) { changes.append(change) }
    return changes
  }

  /// Releases the sensor's lines.
  mutating func close() { sensor.close() }

  /// Reads one reading and keeps the levels and the time up with it.
  private mutating func read(timeout: Duration) throws(CalibrationError<Sensor.Failure>)
    -> LineReading
  {
    let reading: LineReading?
    do {
      reading = try sensor.next(timeout: timeout)
    } catch {
      throw .sensor(error)
    }
    guard let reading else { throw .sensorEnded }
    now = max(now, reading.time)
    switch reading {
    case .levels(let snapshot, let time):
      for (offset, level) in snapshot.sorted(by: { $0.key < $1.key })
      where levels[offset].map({ $0 != level }) ?? false {
        pending.append(LineChange(offset: offset, to: level, at: time))
      }
      levels = snapshot
    case .change(let change):
      levels[change.offset] = change.level
    case .lost(let count, _):
      lostCount += count
    case .quiet:
      break
    }
    return reading
  }
}

extension LineWatch {
  /// Reads whatever the sensor holds now without waiting, so the time and the levels catch
  /// up after the technician answered a question (which takes time at a real lane).
  ///
  /// - Returns: The changes read; they happened while nobody was watching for them.
  @discardableResult
  mutating func catchUp() throws(CalibrationError<Sensor.Failure>) -> [LineChange] {
    var changes: [LineChange] = []
    while true {
      if !pending.isEmpty {
        changes.append(pending.removeFirst())
        continue
      }
      switch try read(timeout: .zero) {
      case .change(let change): changes.append(change)
      case .quiet: return changes
      case .levels, .lost: continue
      }
    }
  }
}
