import ArgumentParser
import Calibration
import LaneBridge
import LaneCLI
import LaneHardware
import LaneOptions
import Wiring

extension Lane {
  /// `lane calibrate`: the guided calibration that writes (or re-checks) a wiring file.
  struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Find which GPIO line senses which pin, measure the lane, write a wiring file.",
      discussion: """
        Guides the technician through four steps (discover, map, measure, verify; \
        docs/calibration.md) and saves the wiring atomically, never over an existing file \
        without --force. With --check FILE it re-checks a wiring file instead.
        """ + ExitStatus.help(
          .checkFoundDrift, .usage, .unavailable, .cannotCreate, .ioError, .temporaryFailure,
          .noPermission, .badConfiguration)
    )

    @Option(help: "The GPIO chip: a path (/dev/gpiochip0), a name (gpiochip0) or a label.")
    var chip = "/dev/gpiochip0"

    @Option(help: "Where to write the wiring file.")
    var out: String?

    @Flag(help: "Replace the --out file if it exists.")
    var force = false

    @Option(help: "Re-check this wiring file against the lane instead of writing one.")
    var check: String?

    @Flag(help: "Map only the ten pins; do not ask for ball, foul or cycle signals.")
    var skipSignals = false

    @Option(help: "The pull resistor for every line: pull-up, as-is, disabled or pull-down.")
    var bias = "pull-up"

    @Option(help: "Watch only these offsets, e.g. 2-27 or 4,17,22 (one request holds 64).")
    var lines: String?

    func validate() throws {
      try validated(try OptionValues.checkBias(bias, among: Wiring.Bias.allCases.map(\.rawValue)))
      try validated(try OptionValues.checkCalibrationOutput(out: out, check: check))
      if let lines { try validated(try OptionValues.lineOffsets(lines)) }
    }

    func run() throws {
      var settings = CalibrationSettings()
      settings.bias = Wiring.Bias(rawValue: bias) ?? .pullUp
      settings.asksForSignals = !skipSignals
      try LaneCalibration(
        chip: chip, out: out, force: force, check: check, settings: settings,
        lines: lines.flatMap { try? OptionValues.lineOffsets($0) }
      ).runAtTerminal()
    }
  }
}

