import Bowling
import LaneSensing
import Wiring

/// The guided calibration of a lane: from a chip whose lines nobody has named yet to a
/// measured, verified ``Wiring``.
///
/// It runs in four steps, each talking to the technician through ``Technician`` and reading
/// the lines through a ``LineSensor``:
/// 1. **Discover**: the chip's lines, and each free line's level with a full rack standing
///    (which gives its active level); lines that change while nothing moves are noisy.
/// 2. **Map**: "knock down pin 1", ... "pin 10", then the ball, foul and cycle signals the
///    lane has; the one line that changes answers. Two lines, none, or a line that already
///    answered are refused, and the technician is asked again.
/// 3. **Measure**: every pin knocked down and stood again a few times gives each line's
///    longest contact chatter, and so the bounce window; a few test deliveries give the
///    longest pause between falling pins, and so the settle window. Pins whose lines never
///    change are stuck; other lines that change are noisy.
/// 4. **Verify**: the deck as LaneBridge reads it, live, until every pin has been down and
///    the rack stands again; the technician confirms it matched the lane.
///
/// It never reads a clock: every instant comes from the sensor, so a simulated lane runs it
/// faster than real time and exactly the same every time.
public struct Calibration<Sensor: LineSensor, Person: Technician> {
  /// What a calibration can fail with.
  public typealias Failure = CalibrationError<Sensor.Failure>

  /// The chip being calibrated.
  public let survey: ChipSurvey

  /// How long to wait and how many times to measure.
  public let settings: CalibrationSettings

  /// The technician, as the procedure left them (a test's keeps a transcript).
  public internal(set) var technician: Person

  var watch: LineWatch<Sensor>
  var measurements = Measurements()

  /// The lines that answered so far, in the order they did.
  var mapped: [(role: Wiring.Role, offset: Int)] = []

  /// Starts a calibration of the chip `survey` describes, reading its lines from `sensor`.
  ///
  /// - Throws: ``CalibrationError/noFreeLines(chip:)`` when there is nothing to watch, or
  ///   the sensor's failure reading the lines' first levels.
  public init(
    survey: ChipSurvey, sensor: Sensor, technician: Person,
    settings: CalibrationSettings = CalibrationSettings()
  ) throws(Failure) {
    guard !sensor.offsets.isEmpty else { throw .noFreeLines(chip: survey.path) }
    self.survey = survey
    self.settings = settings
    self.technician = technician
    self.watch = try LineWatch(sensor)
  }

  /// Runs every step and returns the lane's wiring with what was measured; the lines are
  /// released at the end.
  ///
  /// - Throws: ``CalibrationError``: the technician stopped, the deck did not match, or
  ///   the lines could not be read.
  public mutating func calibrate() throws(Failure) -> CalibrationResult {
    defer { watch.close() }
    try discover()
    try map()
    try measure()
    try verify()
    return CalibrationResult(
      wiring: wiring(), measurements: measurements, survey: survey,
      margins: (settings.bounceMargin, settings.settleMargin))
  }

  /// The wiring the mapped lines and the measured windows make.
  func wiring() -> Wiring {
    func input(_ role: Wiring.Role) -> Wiring.Input? {
      guard let offset = mapped.first(where: { $0.role == role })?.offset else { return nil }
      return Wiring.Input(
        line: .offset(offset), activeLow: isActiveLow(offset), bias: settings.bias)
    }
    return Wiring(
      chip: survey.wiringChip,
      pins: { pin in input(.pin(pin))! },
      ball: input(.ball),
      foul: input(.foul),
      cycle: input(.cycle),
      detector: Wiring.Detector(bounce: measurements.bounce, settle: measurements.settle))
  }

  /// Whether `offset` is active low: it rests high with the rack standing.
  func isActiveLow(_ offset: Int) -> Bool {
    measurements.idleLevels[offset] == .high
  }

  /// Asks the technician and brings the lines up to date with the time the answer took.
  mutating func ask(_ question: CalibrationQuestion) throws(Failure) -> Bool {
    let answer = technician.ask(question)
    try watch.catchUp()
    return answer
  }
}
