import Bowling
import Calibration
import LaneSensing
import Wiring

/// A technician at a ``SimulatedLane``: answers questions from a script and does what
/// calibration asks on the lane's lines, a reaction time later, making the mistakes a test
/// scripts. Keeps a transcript of everything said, as a terminal would show it.
struct ScriptedTechnician: Technician {
  /// Something the technician does instead of what was asked, the next time `role` is asked.
  enum Mistake {
    /// Flips these lines (knocks a standing pin down, stands a fallen one up).
    case moves([Wiring.Role])
    /// Does nothing at all.
    case nothing
    /// Does what was asked while `line` glitches twice.
    case withGlitch(line: Int)
  }

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
  var mistakes: [Wiring.Role: [Mistake]] = [:]
  /// Answers still to give, by question; questions without one get ``defaultAnswer(_:)``.
  var answers: [CalibrationQuestion: [Bool]] = [:]
  /// The pause between falling pins in each test delivery, before the last pin falls.
  var latePinPause: Duration = .milliseconds(1_600)
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
    case .knockAndStand(let cycles):
      stuck.formUnion(sticksWhenMeasured)
      var time = start
      for _ in 0..<cycles {
        for pin in Pin.allCases {
          fall(pin, at: time)
          stand(pin, at: time + .milliseconds(300))
          time = time + .milliseconds(600)
        }
      }
    case .bowlDeliveries(let count):
      for delivery in 0..<count {
        let bowled = start + .seconds(10) * delivery
        for pin in Pin.allCases.dropLast() {
          fall(pin, at: bowled + .milliseconds(100) * (pin.rawValue - 1))
        }
        fall(Pin(rawValue: 10)!, at: bowled + .milliseconds(800) + latePinPause)
        for pin in Pin.allCases { stand(pin, at: bowled + .seconds(6) + .milliseconds(50) * pin.rawValue) }
      }
    case .watchDeck:
      let rows: [PinSet] = [[1], [2, 3], [4, 5, 6], [7, 8, 9, 10]]
      for (index, row) in rows.enumerated() {
        for pin in row { fall(pin, at: start + .milliseconds(500) * index) }
      }
      for pin in Pin.allCases { stand(pin, at: start + .seconds(3)) }
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
    let mistake = mistakes[role]?.isEmpty == false ? mistakes[role]!.removeFirst() : nil
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
    case .ball, .foul:
      pulse(line, at: time, length: .milliseconds(40))
    case .cycle:
      pulse(line, at: time, length: .seconds(2))
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

  private func stand(_ pin: Pin, at time: SensorInstant) {
    guard let line = lines[.pin(pin)], let rest = idle[line] else { return }
    set(line, to: rest, at: time)
  }

  private func set(_ line: Int, to level: LineLevel, at time: SensorInstant) {
    guard !stuck.contains(line) else { return }
    lane.set(line, to: level, at: time, bounces: bounces[line] ?? 0)
  }
}
