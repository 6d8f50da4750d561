import Bowling
import LaneSensing
import Scoreboard
import Wiring

extension CalibrationMessage: CustomStringConvertible {
  /// The message as the technician reads it on a terminal.
  public var description: String {
    switch self {
    case .step(let step):
      let line = "Step \(step.rawValue) of \(CalibrationStep.allCases.count): \(step.title)"
      return "\n" + line + "\n" + String(repeating: "=", count: line.count)
    case .survey(let survey):
      return Self.survey(survey)
    case .keepStill(let duration):
      return "Keep the lane still: watching every line for \(Self.seconds(duration))..."
    case .idleLevels(let levels, let noisy):
      return Self.idle(levels, noisy: noisy)
    case .knockDown(.pin(let pin)):
      return "Knock down pin \(pin.rawValue) and leave it down."
    case .knockDown(.ball):
      return "Trigger the ball detector: roll a ball past it or break its beam."
    case .knockDown(.foul):
      return "Trip the foul-line detector: break its beam or press its switch."
    case .knockDown(.cycle):
      return "Run one pinsetter cycle."
    case .mapped(let role, let line, let name, let activeLow):
      let named = name.isEmpty ? "" : " (\(name))"
      return "  \(role.subject): line \(line)\(named), active \(activeLow ? "low" : "high")."
    case .refused(let refusal):
      return "  Not taken: " + refusal.description
    case .putBack:
      return "  Back as before."
    case .leftOut(let role):
      return "  No \(role.signalName): left out of the wiring."
    case .knockAndStand(let cycles):
      return "Knock down every pin and stand it again, \(cycles) times each, in any order;"
        + " pull each string, or lift each pin off its switch. The step ends by itself"
        + " once every pin has been down \(cycles) times and the rack stands again."
    case .chatterReport(let measurements, let margin):
      return Self.chatter(measurements, margin: margin)
    case .bowlDeliveries(let count):
      return "Bowl \(count) test deliveries, standing the pins again after each"
        + " (or run the pinsetter). The step ends by itself after the \(Self.ordinal(count))."
    case .settleReport(let measurements, let margin):
      return Self.settle(measurements, margin: margin)
    case .watchDeck:
      return "Knock down pins and stand them again; the deck below is what LaneBridge reads."
        + " Check every pin by eye. The view ends once every pin has been down and the rack"
        + " stands again."
    case .deck(let standing):
      return "\n" + PinDeck().render(standing: standing) + "\n"
    case .checked(let role, let found, let expected):
      return found == expected
        ? "  \(role.subject): line \(found), as the file says."
        : "  \(role.subject): line \(found) changed, but the file says line \(expected)."
    case .checkReport(let report):
      return Self.check(report)
    }
  }

  private static func survey(_ survey: ChipSurvey) -> String {
    let label = survey.label.isEmpty ? "" : " \"\(survey.label)\""
    var text = "\(survey.path)\(label): \(survey.lines.count) lines,"
      + " \(survey.freeLines.count) free to watch."
    for line in survey.lines {
      var entry = "  line \(pad(String(line.offset), 3))"
      entry += line.name.isEmpty ? "" : "  \(line.name)"
      if line.isUsed {
        entry += "  in use" + (line.consumer.isEmpty ? "" : " by \"\(line.consumer)\"")
          + ", not watched"
      }
      text += "\n" + entry
    }
    return text
  }

  private static func idle(_ levels: [Int: LineLevel], noisy: [Int: Int]) -> String {
    let quiet = levels.keys.sorted().filter { noisy[$0] == nil }
    let high = quiet.filter { levels[$0] == .high }
    let low = quiet.filter { levels[$0] == .low }
    var text = "With the rack standing:"
    text += "\n  high (so active low): " + (high.isEmpty ? "none" : lineList(high))
    text += "\n  low (so active high): " + (low.isEmpty ? "none" : lineList(low))
    for offset in noisy.keys.sorted() {
      text += "\n  Noisy: line \(offset) changed \(times(noisy[offset] ?? 0)) while nothing"
        + " moved; it is left out. Check its wiring and shielding if it is a sensor."
    }
    return text
  }

  private static func chatter(_ measurements: Measurements, margin: Double) -> String {
    var text = "Contact chatter, the longest bounce seen on each line:"
    for line in measurements.lines {
      let role = pad(line.role.description, 6, right: true)
      let offset = pad("line \(line.offset)", 8, right: true)
      if line.knocks == 0 {
        text += "\n  \(role)  \(offset)  never changed: a stuck sensor or a broken string?"
      } else {
        text += "\n  \(role)  \(offset)  \(pad("down " + times(line.knocks), 13, right: true))"
          + "  longest bounce \(milliseconds(line.longestChatter))"
      }
    }
    for offset in measurements.noisyLines.keys.sorted() {
      text += "\n  Noisy: line \(offset) changed \(times(measurements.noisyLines[offset] ?? 0))"
        + " while nothing there should move."
    }
    text += "\nRecommended bounce window: \(milliseconds(measurements.bounce))"
      + " (longest bounce \(milliseconds(measurements.longestChatter)) x \(number(margin)),"
      + " rounded up; at least \(milliseconds(WindowRecommendation.minimumBounce)))."
    return text
  }

  private static func settle(_ measurements: Measurements, margin: Double) -> String {
    let timing = measurements.deliveries
    var text = "\(timing.completed) test \(timing.completed == 1 ? "delivery" : "deliveries");"
    if let pause = timing.longestPause {
      text += " the longest pause between falling pins was \(seconds(pause))."
      text += "\nRecommended settle window: \(seconds(measurements.settle))"
        + " (\(seconds(pause)) x \(number(margin)), rounded up to 0.1 s;"
        + " at least \(seconds(WindowRecommendation.minimumSettle)))."
    } else {
      text += " no delivery knocked down two pins, so there is no pause to measure."
      text += "\nSettle window: \(seconds(measurements.settle)), the default."
    }
    return text
  }

  private static func check(_ report: CheckReport) -> String {
    var text = report.isClean
      ? "The wiring file still fits the lane."
      : "The wiring file no longer fits the lane:"
    for mismatch in report.mismatches {
      text += "\n  \(mismatch.role.subject) is on line \(mismatch.found), not line"
        + " \(mismatch.expected) as the file says."
    }
    for drift in report.idleDrift {
      text += "\n  \(drift.role.subject) (line \(drift.offset)) reads \(drift.found) with the"
        + " rack standing; the file's active level means it should read \(drift.expected)."
    }
    for line in report.chatterDrift {
      text += "\n  \(line.role.subject) (line \(line.offset)) chattered for"
        + " \(milliseconds(line.longestChatter)), as long as the bounce window"
        + " \(milliseconds(report.bounce)) or longer."
    }
    for role in report.measurements.stuck {
      text += "\n  \(role.subject) never changed: a stuck sensor or a broken string?"
    }
    for offset in report.measurements.noisyLines.keys.sorted() {
      text += "\n  Line \(offset) changed while nothing moved: noisy."
    }
    if !report.chatterDrift.isEmpty {
      text += "\n  Recommended bounce window now: \(milliseconds(report.measurements.bounce))."
    }
    if !report.isClean {
      text += "\nRun lane calibrate to write a new wiring file, or fix the lane."
    }
    return text
  }

  // MARK: - Words

  static func lineList(_ offsets: [Int]) -> String {
    "line" + (offsets.count == 1 ? " " : "s ") + offsets.map(String.init).joined(separator: ", ")
  }

  static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

  static func ordinal(_ count: Int) -> String {
    switch count {
    case 1: "first"
    case 2: "second"
    case 3: "third"
    default: "\(count)th"
    }
  }

  /// `2.1 ms`, to a tenth of a millisecond.
  static func milliseconds(_ duration: Duration) -> String {
    let tenths = (Double(duration.nanoseconds) / 100_000).rounded()
    return number(tenths / 10) + " ms"
  }

  /// `1.84 s`, to a hundredth of a second.
  static func seconds(_ duration: Duration) -> String {
    let hundredths = (Double(duration.nanoseconds) / 10_000_000).rounded()
    return number(hundredths / 100) + " s"
  }

  /// A number without a trailing `.0`.
  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? text + padding : padding + text
  }
}

extension CalibrationMessage.Refusal: CustomStringConvertible {
  public var description: String {
    switch self {
    case .severalLines(let offsets, let asked):
      let list = offsets.map(String.init)
      let lines = list.dropLast().joined(separator: ", ") + " and " + (list.last ?? "")
      let together = offsets.count == 2 ? "both" : "all"
      return "lines \(lines) \(together) changed, but only one line may answer for"
        + " \(asked.signalName). Put back everything that moved; then \(again(asked))."
    case .alreadyMapped(let line, let owner, let asked):
      return "line \(line) changed, but it already answered for \(owner.signalName)."
        + " Put \(owner.signalName) back as it was; then \(again(asked))."
    case .nothingChanged(let role, let after):
      let hint = if case .pin = role {
        "its sensor may be stuck or its string broken, or the pin was down already"
      } else {
        "it may not be wired to this chip, or it needs power"
      }
      return "nothing changed in \(CalibrationMessage.seconds(after)). \(role.subject): \(hint)."
    case .changesLost(let count, let asked):
      return "the kernel dropped \(count) \(count == 1 ? "change" : "changes"), so the"
        + " answer cannot be trusted. Put back everything that moved; then \(again(asked))."
    }
  }

  private func again(_ role: Wiring.Role) -> String {
    if case .pin(let pin) = role { return "knock down only pin \(pin.rawValue)" }
    return "trigger only the \(role.signalName)"
  }
}
