import Bowling
import Calibration
import Foundation
import Synchronization
import Testing
import Wiring

#if canImport(Glibc)
  import Glibc
#endif

import TestSupport

extension GPIOSimRig {
  /// `lane calibrate` of the built `lane` on kernel lines wired in a shuffled order
  /// (``ShuffledLane``), answered by a ``RigTechnician``; then `lane run` and
  /// `lane calibrate --check` with the file it wrote. One calibration serves every test.
  @Suite("lane calibrate on gpio-sim lines, given pins and signals on shuffled lines, a spare and a noisy line")
  struct CalibrateTests {
    @Test("When a technician answers it, then it exits 0 having mapped every pin and signal to the line it is on")
    func mapsEveryLine() throws {
      let run = try CalibrationRun.shared()

      #expect(run.status == 0, "lane calibrate exited \(run.status): \(run.standardError)\n\(run.transcript.suffix(2_000))")
      #expect(run.problems.isEmpty, "\(run.problems.joined(separator: "\n"))")
      #expect(Set(run.mapped) == Set(Wiring.Role.allCases) && run.mapped.count == 13, "mapped \(run.mapped)")
    }

    @Test("When the technician knocks pins 3 and 4 together for pin 3, and stands pin 1 up for pin 5, then each is refused in words that say what to put back, and the pin is asked for again")
    func refusesBothMistakes() throws {
      let run = try CalibrationRun.shared()
      let lines = ShuffledLane.lines
      let pin = { (number: Int) in Wiring.Role.pin(Pin(rawValue: number)!) }
      let expected: [CalibrationMessage] = [
        .refused(.severalLines([lines[pin(4)]!, lines[pin(3)]!].sorted(), asked: pin(3))),
        .refused(.alreadyMapped(line: lines[pin(1)]!, to: pin(1), asked: pin(5))),
      ]

      #expect(run.refusals == expected.map(\.description))
      #expect(run.lines.filter { $0 == CalibrationMessage.putBack.description }.count == 2)
      for number in [3, 5] {
        #expect(run.lines.filter { $0 == CalibrationMessage.knockDown(pin(number)).description }.count == 2)
      }
    }

    @Test("When the lane stands still, then every quiet line reads high (active low) and the noisy line's six changes leave it out")
    func discoversIdleLevelsAndTheNoisyLine() throws {
      let run = try CalibrationRun.shared()
      let levels = Dictionary(uniqueKeysWithValues: (0..<ShuffledLane.lineCount).map { ($0, LineLevel.high) })
      let idle = CalibrationMessage.idleLevels(levels, noisy: [ShuffledLane.noisy: 6]).description

      #expect(run.transcript.contains(idle + "\n"), "\(run.transcript.prefix(3_000))")
    }

    @Test("When chattering pins bounce for 10 ms and one delivery's last pin falls 1.6 s late, then the windows are recommended from them")
    func measuresTheWindows() throws {
      let run = try CalibrationRun.shared()
      let windows = try #require(run.recommended, "no recommended windows in:\n\(run.transcript)")

      for pin in Pin.allCases {
        let row = ["pin", "\(pin.rawValue)", "line", "\(ShuffledLane.lines[.pin(pin)]!)", "down", "3", "times"]
        #expect(
          run.lines.contains { $0.split(separator: " ").prefix(7).map(String.init) == row },
          "no '\(row.joined(separator: " "))' in the chatter report")
      }
      #expect(windows.chatterMilliseconds >= 10 && windows.chatterMilliseconds < 100)
      #expect(windows.pauseSeconds >= 1.6 && windows.pauseSeconds < 2.5)
      #expect(run.lines.contains { $0.hasPrefix("3 test deliveries; ") })
    }

    @Test("When it saves, then the file maps each pin and signal to its line, active low with a pull-up, with the recommended windows")
    func savesTheWiring() throws {
      let run = try CalibrationRun.shared()
      let windows = try #require(run.recommended)
      let wiring = try WiringFile(contentsOf: run.wiringPath).wiring

      #expect(run.lines.contains { $0.hasPrefix("Saved the wiring to \(run.wiringPath). ") })
      #expect(wiring.chip == .label(ShuffledLane.label))
      #expect(wiring.inputs.count == 13, "only the 13 lines, not the spare or the noisy one")
      for role in Wiring.Role.allCases {
        #expect(wiring[role] == Wiring.Input(line: .offset(ShuffledLane.lines[role]!), activeLow: true, bias: .pullUp), "\(role)")
      }
      #expect(wiring.detector.bounce == .milliseconds(windows.bounceMilliseconds))
      #expect(abs(Double(wiring.detector.settle.components.seconds) + Double(wiring.detector.settle.components.attoseconds) / 1e18 - windows.settleSeconds) < 1e-9)
    }

    @Test("When it saves, then the file's comments give each line's name and chatter, the measurements, the noisy line and the date")
    func commentsTheWiring() throws {
      let run = try CalibrationRun.shared()
      let windows = try #require(run.recommended)
      let file = try String(contentsOfFile: run.wiringPath, encoding: .utf8)
      let lines = file.split(separator: "\n").map(String.init)

      #expect(run.dates.contains { lines.contains("# LaneBridge wiring written by `lane calibrate` on \($0).") }, "\(file)")
      #expect(lines.contains("# Measured: longest contact chatter \(windows.chatter) ms, so bounce = \(windows.bounce) ms (x 2, at least 5 ms)."), "\(file)")
      #expect(lines.contains("# Measured: longest pause between falling pins \(windows.pause) s in 3 test deliveries, so settle = \(windows.settle) s (x 1.5, at least 2 s)."), "\(file)")
      #expect(lines.contains("# Warning: line \(ShuffledLane.noisy) changed while nothing moved (noisy); not used."), "\(file)")
      for pin in Pin.allCases {
        let line = ShuffledLane.lines[.pin(pin)]!
        #expect(
          lines.contains { text in
            text.split(separator: "=").first?.trimmingCharacters(in: .whitespaces) == "\(pin.rawValue)"
              && text.contains("# GPIO\(line), idle high, chatter ")
          }, "pin \(pin.rawValue)'s comment in:\n\(file)")
      }
    }

    @Test("Given the file it wrote, when lane calibrate runs again without --force, then it exits 73 and leaves the file as it was")
    func refusesToOverwrite() throws {
      let run = try CalibrationRun.shared()
      let before = try Data(contentsOf: URL(fileURLWithPath: run.wiringPath))

      let again = try Command.run(try Rig.lane, ["calibrate", "--chip", ShuffledLane.label, "--out", run.wiringPath])

      #expect(again.status == 73, "\(again.standardError)")
      #expect(again.standardError.contains("--force"), "\(again.standardError)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: run.wiringPath)) == before)
    }

    @Test("Given the file it wrote, when lane run scores respot-only-game replayed on the shuffled lines, then it scores as lane simulate with the file's windows")
    func laneRunScoresWithTheFile() throws {
      let run = try CalibrationRun.shared()
      try ShuffledLane.restAll(run.chip)

      let replay = try TraceReplay(
        name: "respot-only-game", chip: run.chip, wiring: run.wiringPath, lines: ShuffledLane.replayLines,
        keptAs: "calibrate-run")

      #expect(!replay.shortened.throws.isEmpty)
      #expect(replay.shortened.throws == replay.original.throws)
      #expect(replay.shortened.totals == replay.original.totals)
      #expect(replay.runThrows == replay.shortened.throws, "lane run stderr: \(replay.stop.standardError)")
      #expect(replay.runTotals == replay.shortened.totals)
      #expect(replay.stop.status == 0, "\(replay.stop.standardError)")
      #expect(replay.stop.linesStillHeld == 0)
    }

    @Test("Given the file it wrote, when lane calibrate --check is answered on the same lane, then every line is where the file says, no drift, exit 0")
    func checkFindsNoDrift() throws {
      let run = try CalibrationRun.shared()
      try ShuffledLane.restAll(run.chip)
      let scratch = try ScratchFolder(keptAs: "calibrate-check")
      let technician = RigTechnician(chip: run.chip, mode: .check)

      let status = try technician.answer(["--check", run.wiringPath], errorFile: scratch.file("check.err"))
      try? Data(technician.transcript.utf8).write(to: URL(fileURLWithPath: scratch.file("check.transcript")))

      #expect(status == 0, "lane calibrate --check exited \(status):\n\(technician.transcript.suffix(2_000))")
      #expect(technician.problems.isEmpty, "\(technician.problems.joined(separator: "\n"))")
      #expect(technician.mapped.count == 13 && Set(technician.mapped) == Set(Wiring.Role.allCases))
      #expect(technician.transcript.contains("\nThe wiring file still fits the lane.\n"))
    }
  }
}

/// The one calibration the suite's tests read: made by the first that asks, on a chip kept
/// for the `lane run` and `--check` tests after it, and released when the test process exits. Its files stay in
/// `$GPIO_SIM_RESULTS/calibrate/` (calibrate.transcript, calibrate.err, lane.toml).
final class CalibrationRun: @unchecked Sendable {
  let chip: GPIOSim
  let scratch: ScratchFolder
  let status: Int32
  let transcript: String
  let lines: [String]
  let mapped: [Wiring.Role]
  let refusals: [String]
  let problems: [String]
  let standardError: String
  /// The UTC dates the calibration ran on (two if it crossed midnight).
  let dates: Set<String>
  var wiringPath: String { scratch.file("lane.toml") }

  /// The windows calibrate recommended, as it printed them.
  struct Windows {
    /// `Recommended bounce window: 22 ms (longest bounce 10.8 ms x 2, ...`
    let bounce: String
    let chatter: String
    /// `Recommended settle window: 2.4 s (1.6 s x 1.5, ...`
    let settle: String
    let pause: String

    var bounceMilliseconds: Double { Double(bounce) ?? .nan }
    var chatterMilliseconds: Double { Double(chatter) ?? .nan }
    var settleSeconds: Double { Double(settle) ?? .nan }
    var pauseSeconds: Double { Double(pause) ?? .nan }
  }

  var recommended: Windows? {
    func words(_ prefix: String) -> [String]? {
      lines.first { $0.hasPrefix(prefix) }.map { $0.split(separator: " ").map(String.init) }
    }
    guard let bounce = words("Recommended bounce window: "), bounce.count > 7,
      let settle = words("Recommended settle window: "), settle.count > 5
    else { return nil }
    return Windows(bounce: bounce[3], chatter: bounce[7], settle: settle[3], pause: String(settle[5].dropFirst()))
  }

  private static let made = Mutex<Result<CalibrationRun, any Error>?>(nil)

  static func shared() throws -> CalibrationRun {
    try made.withLock { made in
      if made == nil {
        made = Result { try CalibrationRun() }
        // Kept for the whole test process, so released when it exits: the chip is removed
        // and, outside the rig's results folder, the scratch folder too.
        atexit { CalibrationRun.made.withLock { $0 = nil } }
      }
      return try made!.get()
    }
  }

  private init() throws {
    chip = try ShuffledLane.makeChip()
    scratch = try ScratchFolder(keptAs: "calibrate")
    let technician = RigTechnician(chip: chip, mode: .calibrate)
    let pin = { (number: Int) in Wiring.Role.pin(Pin(rawValue: number)!) }
    technician.mistakes[pin(3)] = [.moves([pin(3), pin(4)])]
    technician.mistakes[pin(5)] = [.moves([pin(1)])]
    let before = Self.today()
    status = try technician.answer(
      ["--chip", ShuffledLane.label, "--out", scratch.file("lane.toml"), "--bias", "pull-up"],
      errorFile: scratch.file("calibrate.err"))
    dates = [before, Self.today()]
    transcript = technician.transcript
    lines = transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    mapped = technician.mapped
    refusals = technician.refusals
    problems = technician.problems
    standardError = (try? String(contentsOfFile: scratch.file("calibrate.err"), encoding: .utf8)) ?? ""
    try? Data(transcript.utf8).write(to: URL(fileURLWithPath: scratch.file("calibrate.transcript")))
  }

  private static func today() -> String {
    Date().formatted(.iso8601.year().month().day())
  }
}
