import ArgumentParser
import Foundation
import LaneBridge

extension Lane {
  /// `lane score`: scores balls given on the command line.
  struct Score: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Score a sequence of balls and show the scoreboard.",
      discussion: """
        Each ROLL is a pin count 0-10 or marks: X strike, / spare, - miss, F foul. A token \
        mixing marks and digits is one ball per character (7/ 9- F5); digits alone are one \
        ball (10). Exit status 65 when the balls cannot have happened, 64 for usage errors.
        """
    )

    @Flag(help: "Print one JSON object instead of the scoreboard.")
    var json = false

    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp("The balls in order, e.g. X 7/ 9- F5 10.", valueName: "roll"))
    var rolls: [String] = []

    /// Rejects malformed rolls here, so the usage message shown is this subcommand's.
    func validate() throws {
      do {
        _ = try ScoreReport(tokens: rolls)
      } catch {
        if case .usage = error { throw ValidationError(error.description) }
      }
    }

    func run() throws {
      let report: ScoreReport
      do {
        report = try ScoreReport(tokens: rolls)
      } catch {
        switch error {
        case .usage: throw ValidationError(error.description)
        case .impossible:
          var warnings = StandardError()
          print("lane score: \(error)", to: &warnings)
          throw ExitCode(error.exitStatus)
        }
      }
      let colour = StandardOutput.wantsColour
      var output = StandardOutput()
      print(try report.render(json ? .json : .scoreboard(colour: colour)), to: &output)
    }
  }
}
