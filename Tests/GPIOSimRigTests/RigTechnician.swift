import Bowling
import Calibration
import Foundation
import Wiring

#if canImport(Glibc)
  import Glibc
#endif

import TestSupport

/// The lane `lane calibrate` is run on in the rig: a gpio-sim chip labelled `gpio-sim-cal`
/// with 15 lines named GPIO0..GPIO14, the pins and signals on them in a shuffled order, so
/// that only calibration can find out which is where, plus a spare line that never moves and
/// a noisy one that changes while the lane should be still.
enum ShuffledLane {
  static let label = "gpio-sim-cal"
  static let lineCount = 15

  /// Which line each pin and signal is on.
  static let lines: [Wiring.Role: Int] = {
    let pins = [9, 6, 14, 0, 11, 1, 12, 5, 8, 3]
    var lines = Dictionary(uniqueKeysWithValues: zip(Pin.allCases.map(Wiring.Role.pin), pins))
    lines[.ball] = 2
    lines[.foul] = 13
    lines[.cycle] = 4
    return lines
  }()
  static let spare = 7
  static let noisy = 10

  /// Pins whose contacts chatter when knocked while chatter is measured.
  static let chattering = Set([2, 7, 9].map { Wiring.Role.pin(Pin(rawValue: $0)!) })

  /// The offsets of pins 1-10, ball, foul and cycle, as `gpio-sim-drive replay --lines` wants.
  static var replayLines: [Int] { Wiring.Role.allCases.compactMap { lines[$0] } }

  /// Makes the chip, every line pulled up: a full rack standing, nothing triggered.
  static func makeChip() throws -> GPIOSim {
    let chip = try GPIOSim(
      label: label, lineCount: lineCount, lineNames: (0..<lineCount).map { "GPIO\($0)" })
    try restAll(chip)
    return chip
  }

  /// Every line high again: a full rack standing, no ball, no foul, no cycle.
  static func restAll(_ chip: GPIOSim) throws {
    for offset in 0..<lineCount { try chip.set(offset, .up) }
  }
}

/// A technician at `lane calibrate`'s terminal on the rig's ``ShuffledLane``: reads what it
/// prints (a question is text ending in `[y/n] ` with no newline), answers, and does what it
/// asks by pulling the gpio-sim lines, in real time, with the choreography CalibrationTests'
/// technician uses on a simulated clock (``TechnicianChoreography``) at a guest's pace.
///
/// Calibration's own messages (``CalibrationMessage``, ``CalibrationQuestion``) give the words
/// it expects; whatever it did not expect is noted in ``problems``.
final class RigTechnician {
  enum Mode {
    /// `lane calibrate`: the noisy line is noisy, chattering pins chatter, mistakes are made.
    case calibrate
    /// `lane calibrate --check`: every knock clean, the lane still.
    case check
  }

  let chip: GPIOSim
  let mode: Mode
  /// The mistakes still to make, by the pin they replace.
  var mistakes = TechnicianMistakes()

  /// Everything calibrate printed, with the answers given, as a terminal would show it.
  private(set) var transcript = ""
  /// The pins and signals calibrate reported on the line they are on, in order.
  private(set) var mapped: [Wiring.Role] = []
  /// The refusals calibrate printed, in order.
  private(set) var refusals: [String] = []
  /// What went wrong on the way: a wrong mapping, an unexpected question, a deck view that
  /// never showed every pin down, calibrate falling silent.
  private(set) var problems: [String] = []

  /// At a guest's pace: a knock 20 ms after the last, held 400 ms (well over calibration's
  /// 100 ms burst gap), a delivery every 3 s with 1.6 s before its last pin falls.
  static let choreography = TechnicianChoreography(
    pace: .init(
      knockSpacing: .milliseconds(20), knockHold: .milliseconds(400), knockCycle: .milliseconds(800),
      fallSpacing: .milliseconds(30), latePinPause: .milliseconds(1_600), standAfter: .milliseconds(2_400),
      standSpacing: .milliseconds(10), delivery: .seconds(3), deckRowSpacing: .milliseconds(300),
      deckStand: .milliseconds(1_500)))

  /// The lines down now (pins fallen, signals triggered).
  private var down: Set<Int> = []
  /// The lines the last answer moved, to put back when it is refused.
  private var lastMoved: [Int] = []
  /// Where the deck view started in the transcript.
  private var deckViewStart: String.Index?

  init(chip: GPIOSim, mode: Mode) {
    self.chip = chip
    self.mode = mode
  }

  /// Runs `lane calibrate ARGUMENTS`, answering it until its output ends, and returns its exit
  /// status; its standard error goes to `errorFile`.
  func answer(_ arguments: [String], errorFile: String) throws -> Int32 {
    // Writing an answer to a calibrate that just died must fail with EPIPE, not end the tests.
    signal(SIGPIPE, SIG_IGN)
    let child = try ChildProcess(
      try Rig.lane, ["calibrate"] + arguments, input: .pipe(.intoChild), output: .pipe(.outOfChild),
      error: .file(errorFile), environment: Rig.environment)
    converse(reading: child.standardOutput!, writing: child.standardInput!)
    guard let status = child.waitForExit(within: .seconds(30)) else {
      problems.append("lane calibrate did not exit within 30 s of closing its output")
      return child.stop(signal: SIGKILL)
    }
    return status
  }

  // MARK: - Reading calibrate

  /// Reads a byte at a time, so a question is whole the moment its last space arrives; gives
  /// up when calibrate says nothing for 60 s.
  private func converse(reading: ChildProcess.PipeEnd, writing: ChildProcess.PipeEnd) {
    var pending: [UInt8] = []
    while true {
      guard reading.isReadable(within: .seconds(60)) else {
        problems.append("lane calibrate said nothing for 60 s after: \(transcript.suffix(400))")
        return
      }
      guard let byte = (try? reading.read(upTo: 1))?.first else { break }
      if byte == 10 {
        heard(String(decoding: pending, as: UTF8.self))
        pending = []
        continue
      }
      pending.append(byte)
      if pending.count >= 6, pending.suffix(6).elementsEqual("[y/n] ".utf8) {
        let question = String(decoding: pending, as: UTF8.self)
        pending = []
        let reply = asked(question) ? "y" : "n"
        transcript += question + reply + "\n"
        try? writing.write(reply + "\n")
      }
    }
    if !pending.isEmpty { heard(String(decoding: pending, as: UTF8.self)) }
  }

  /// What each request the technician acts on reads like.
  private static let requests: [String: CalibrationMessage] = {
    var requests: [String: CalibrationMessage] = [:]
    for role in Wiring.Role.allCases { requests[CalibrationMessage.knockDown(role).description] = .knockDown(role) }
    let settings = CalibrationSettings()
    for message in [
      CalibrationMessage.keepStill(settings.stillWatch), .knockAndStand(cycles: settings.knockCycles),
      .bowlDeliveries(settings.deliveries), .watchDeck,
    ] {
      requests[message.description] = message
    }
    return requests
  }()

  /// A line of calibrate's output.
  private func heard(_ line: String) {
    transcript += line + "\n"
    if let request = Self.requests[line] {
      act(on: request)
    } else if line.hasPrefix("  Not taken: ") {
      refusals.append(line)
      putBack()
    } else if line.hasPrefix("  Pin ") || line.hasPrefix("  The "), line.contains(": line ") {
      noteMapping(line)
    }
  }

  /// The mapping (or check) line calibrate printed, against the line each role is on.
  private func noteMapping(_ line: String) {
    let role = ShuffledLane.lines.first { role, offset in
      let expected: CalibrationMessage = switch mode {
      case .calibrate: .mapped(role, line: offset, name: "GPIO\(offset)", activeLow: true)
      case .check: .checked(role, found: offset, expected: offset)
      }
      return expected.description == line
    }?.key
    if let role {
      mapped.append(role)
    } else {
      problems.append("calibrate mapped a line wrongly: '\(line)'")
    }
  }

  /// The answer to a question: yes to those a technician at this lane says yes to.
  private func asked(_ question: String) -> Bool {
    let words = question.dropLast()  // the space after [y/n]
    if words == CalibrationQuestion.fullRackStanding.description { return true }
    if [.ball, .foul, .cycle].contains(where: { words == CalibrationQuestion.hasSignal($0).description }) {
      return true
    }
    if words == CalibrationQuestion.deckMatched.description {
      checkDeckView()
      return true
    }
    problems.append("lane calibrate asked what the technician did not expect: '\(question)'")
    return false
  }

  /// The deck view started and ended with the full rack and showed every pin down between.
  private func checkDeckView() {
    guard let start = deckViewStart else {
      problems.append("calibrate asked about the deck before showing it")
      return
    }
    let view = transcript[start...]
    let full = CalibrationMessage.deck(.full).description + "\n"
    let empty = CalibrationMessage.deck(.empty).description + "\n"
    if !view.hasPrefix(full) || !view.hasSuffix(full) || !view.contains(empty) {
      problems.append("the deck view did not go from a full rack to every pin down and back:\n\(view)")
    }
  }

  // MARK: - The technician's hands

  private func act(on request: CalibrationMessage) {
    switch request {
    case .keepStill:
      if mode == .calibrate { makeNoise() }
    case .knockDown(.pin(let pin)):
      knock(pin)
    case .knockAndStand:
      standAll()
      pause(0.3)
      perform(Self.choreography.moves(for: request), chattering: mode == .calibrate)
    case .watchDeck:
      deckViewStart = transcript.endIndex
      perform(Self.choreography.moves(for: request))
    default:
      perform(Self.choreography.moves(for: request))
    }
  }

  /// Knocks `pin` down as asked, or makes this pin's mistake the first time.
  private func knock(_ pin: Pin) {
    let role = Wiring.Role.pin(pin)
    if mode == .calibrate, let mistake = mistakes.take(for: role) {
      guard case .moves(let roles) = mistake else {
        problems.append("the rig's technician only makes mistakes that move lines, not \(mistake)")
        return
      }
      lastMoved = roles.compactMap { ShuffledLane.lines[$0] }
      lastMoved.forEach(flip)
      return
    }
    guard let line = ShuffledLane.lines[role] else { return }
    pause(0.1)
    lastMoved = [line]
    set(line, down: true)
  }

  /// After a refusal: every line the last answer moved is put back as it was.
  private func putBack() {
    lastMoved.forEach(flip)
    lastMoved = []
  }

  /// The noisy line changes six times while the lane should be still.
  private func makeNoise() {
    pause(0.3)
    for _ in 1...3 {
      set(ShuffledLane.noisy, down: true)
      pause(0.05)
      set(ShuffledLane.noisy, down: false)
      pause(0.3)
    }
  }

  /// The rack is set again, pin after pin.
  private func standAll() {
    for pin in Pin.allCases {
      guard let line = ShuffledLane.lines[.pin(pin)], down.contains(line) else { continue }
      set(line, down: false)
      pause(0.01)
    }
  }

  /// Plays `moves` in real time from now. A chattering pin's contact bounces once as it
  /// falls, with 5 ms pauses: at least 10 ms of chatter (under emulation a pause takes a few
  /// milliseconds more than asked). At the check every knock is clean: its chatter must stay
  /// under the window calibration chose, and emulated timing would leave too thin a margin.
  private func perform(_ moves: [TechnicianChoreography.Move], chattering: Bool = false) {
    let start = Rig.monotonicSeconds()
    for move in moves {
      guard let line = ShuffledLane.lines[move.role] else { continue }
      let due = start + Double(move.at.components.seconds) + Double(move.at.components.attoseconds) / 1e18
      pause(due - Rig.monotonicSeconds())
      if move.fallen && chattering && ShuffledLane.chattering.contains(move.role) {
        set(line, down: true)
        pause(0.005)
        set(line, down: false)
        pause(0.005)
      }
      set(line, down: move.fallen)
    }
  }

  private func flip(_ line: Int) { set(line, down: !down.contains(line)) }

  /// Pulls `line` down (a pin fallen, a signal triggered) or lets it rest high.
  private func set(_ line: Int, down isDown: Bool) {
    do {
      try chip.set(line, isDown ? .down : .up)
      if isDown { down.insert(line) } else { down.remove(line) }
    } catch {
      problems.append("cannot pull line \(line): \(error)")
    }
  }

  private func pause(_ seconds: Double) {
    guard seconds > 0 else { return }
    usleep(useconds_t(seconds * 1_000_000))
  }
}
