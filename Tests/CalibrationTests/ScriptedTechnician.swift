import Bowling
import Calibration
import LaneSensing
import TestSupport
import Wiring

/// A technician at a ``SimulatedLane``: answers questions from a script and does what
/// calibration asks on the lane's lines, a reaction time later, making the mistakes a test
/// scripts. Keeps a transcript of everything said, as a terminal would show it.
struct ScriptedTechnician: Technician {
  typealias Mistake = TechnicianMistake

  let lane: SimulatedLane
  /// The lane's true wiring: the line of each pin and signal.
  let lines: [Wiring.Role: Int]
  /// Each line's level with the rack standing and nothing triggered.
  let idle: [Int: LineLevel]
  /// Contact bounces (one change every 0.5 ms) each line makes when it changes.
  var bounces: [Int: Int] = [:]
  /// Lines that do not change whatever is done to them, until the first retry.
  var stuck: Set<Int> = []
  /// Lines that stop changing once chatter is measured (a magnet sticks after mapping).
  var sticksWhenMeasured: Set<Int> = []
  /// Mistakes still to make, by the role they replace.
  var mistakes = TechnicianMistakes()
  /// Answers still to give, by question; questions without one get ``defaultAnswer(_:)``.
  var answers: [CalibrationQuestion: [Bool]] = [:]
  /// What the technician does when asked to measure: a simulated lane's clock costs
  /// nothing, so each move has time to spare (a pin down 300 ms, a delivery every 10 s); the
  /// pause before pin 10 falls is the longest between falling pins.
  var choreography = TechnicianChoreography(
    pace: .init(
      knockSpacing: .milliseconds(600), knockHold: .milliseconds(300), knockCycle: .seconds(6),
      fallSpacing: .milliseconds(100), latePinPause: .milliseconds(1_600), standAfter: .seconds(6),
      standSpacing: .milliseconds(50), delivery: .seconds(10), deckRowSpacing: .milliseconds(500),
      deckStand: .seconds(3)))
  /// What the technician was told and asked, with their answers, in order.
  private(set) var transcript: [String] = []
  /// Every message, as values.
  private(set) var messages: [CalibrationMessage] = []
  /// The levels of the lines the last action moved, before it.
  private var lastMoved: [Int: LineLevel] = [:]

  static let reaction = Duration.seconds(1)

  init(lane: SimulatedLane, lines: [Wiring.Role: Int], idle: [Int: LineLevel]) {
    self.lane = lane
    self.lines = lines
    self.idle = idle
  }

  mutating func tell(_ message: CalibrationMessage) {
    messages.append(message)
    transcript.append(message.description)
    let start = lane.now + Self.reaction
    switch message {
    case .knockDown(let role):
      act(on: role, at: start)
    case .refused(.nothingChanged(let role, _)):
      if let line = lines[role] { stuck.remove(line) }
    case .refused:
      for (line, level) in lastMoved.sorted(by: { $0.key < $1.key }) {
        set(line, to: level, at: start)
      }
    case .knockAndStand:
      stuck.formUnion(sticksWhenMeasured)
      perform(choreography.moves(for: message), from: start)
    case .bowlDeliveries, .watchDeck:
      perform(choreography.moves(for: message), from: start)
    default:
      break
    }
  }

  mutating func ask(_ question: CalibrationQuestion) -> Bool {
    let answer = answers[question]?.isEmpty == false
      ? answers[question]!.removeFirst() : defaultAnswer(question)
    transcript.append("\(question) \(answer ? "y" : "n")")
    return answer
  }

  /// Yes, except to a signal the lane does not have and to keeping a step going.
  func defaultAnswer(_ question: CalibrationQuestion) -> Bool {
    switch question {
    case .hasSignal(let role): lines[role] != nil
    case .keepGoing: false
    default: true
    }
  }

  /// Everything said, as the terminal shows it.
  var screen: String { transcript.joined(separator: "\n") }

  // MARK: - Acting on the lane

  /// Bowls a ball at `time` (after the lane's origin) that knocks `pins` down 100 ms later.
  func bowl(ball time: Duration, knocking pins: PinSet) {
    if let line = lines[.ball] { pulse(line, at: .zero + time, length: .milliseconds(40)) }
    for pin in pins { fall(pin, at: .zero + time + .milliseconds(100)) }
  }

  private mutating func act(on role: Wiring.Role, at time: SensorInstant) {
    lastMoved = [:]
    let mistake = mistakes.take(for: role)
    switch mistake {
    case .moves(let roles):
      for other in roles { if let line = lines[other] { flip(line, at: time) } }
    case .nothing:
      break
    case .withGlitch(let line):
      doAsked(role, at: time)
      lane.noise(line, from: time, every: .milliseconds(20), count: 2)
    case nil:
      doAsked(role, at: time)
    }
  }

  private mutating func doAsked(_ role: Wiring.Role, at time: SensorInstant) {
    guard let line = lines[role] else { return }
    switch role {
    case .pin:
      flip(line, at: time)
    case .ball, .foul, .cycle:
      perform(choreography.moves(for: .knockDown(role)), from: time)
    }
  }

  private mutating func flip(_ line: Int, at time: SensorInstant) {
    let level = lane.levels[line] ?? .high
    lastMoved[line] = lastMoved[line] ?? level
    set(line, to: level.flipped, at: time)
  }

  private func pulse(_ line: Int, at time: SensorInstant, length: Duration) {
    guard let rest = idle[line] else { return }
    set(line, to: rest.flipped, at: time)
    set(line, to: rest, at: time + length)
  }

  private func fall(_ pin: Pin, at time: SensorInstant) {
    guard let line = lines[.pin(pin)], let rest = idle[line] else { return }
    set(line, to: rest.flipped, at: time)
  }

  /// Each move at `start` plus its time: a fallen line at the level opposite its rest.
  private func perform(_ moves: [TechnicianChoreography.Move], from start: SensorInstant) {
    for move in moves {
      guard let line = lines[move.role], let rest = idle[line] else { continue }
      set(line, to: move.fallen ? rest.flipped : rest, at: start + move.at)
    }
  }

  private func set(_ line: Int, to level: LineLevel, at time: SensorInstant) {
    guard !stuck.contains(line) else { return }
    lane.set(line, to: level, at: time, bounces: bounces[line] ?? 0)
  }
}
