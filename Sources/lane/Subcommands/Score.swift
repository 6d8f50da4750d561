import ArgumentParser
import Foundation
import LaneBridge
import LaneCLI

extension Lane {
  /// `lane score`: scores balls given on the command line.
  ///
  /// `lane` reads this subcommand's arguments itself (``Lane/main()``), in linear time;
  /// swift-argument-parser sees them only for `--help`.
  struct Score: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Score games typed as balls and show the boards, statistics and series.",
      discussion: """
        A word of digits 0-10 is one pin count. Any other word is one ball per character: \
        X strike, / spare, - miss, F foul, single digits (72 is 7 then 2, -- two misses). \
        | inside a word ends a frame (X|7/|9-||81); , or --game starts the next game. Words \
        that read two ways (-1, 07, X10) are refused with both readings; balls that cannot \
        have happened are refused. docs/scoring.md has the grammar.
        """ + ExitStatus.help(.usage, .dataError, .ioError)
    )

    @Flag(help: "Print one JSON object instead of the boards; errors as JSON on stderr.")
    var json = false

    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp("The balls in order, e.g. X 7/ 9- F5 10.", valueName: "roll"))
    var rolls: [String] = []

    func run() throws {
      var arguments = ScoreArguments()
      arguments.json = json
      arguments.rolls = rolls
      throw ExitCode(Self.score(arguments))
    }

    /// Scores the arguments after `score`, or `nil` when they ask for help, which
    /// swift-argument-parser prints.
    static func run(arguments: [String]) -> Int32? {
      let parsed: ScoreArguments
      do {
        parsed = try ScoreArguments(arguments)
      } catch {
        return report(error, json: arguments.contains("--json"))
      }
      return parsed.wantsHelp ? nil : score(parsed)
    }

    /// Prints the boards or JSON, or the error, and returns the exit status.
    static func score(_ arguments: ScoreArguments) -> Int32 {
      do {
        let report = try ScoreReport(tokens: arguments.rolls)
        let format: ScoreReport.Format =
          arguments.json ? .json : .scoreboard(colour: StandardOutput.wantsColour)
        return write(try report.render(format) + "\n")
      } catch let error as ScoreInputError {
        return report(error, json: arguments.json)
      } catch {
        Report.line("\(error)")
        return ExitStatus.software.rawValue
      }
    }

    /// Writes the text to standard output, which exits 74 with a message when it cannot.
    private static func write(_ text: String) -> Int32 {
      var output = StandardOutput()
      output.write(text)
      return ExitStatus.success.rawValue
    }

    /// `lane score: frame 4, ball 2: …` on stderr, or the JSON error under `--json`.
    private static func report(_ error: ScoreInputError, json: Bool) -> Int32 {
      if json {
        var standardError = StandardError()
        print(error.jsonText(), to: &standardError)
      } else {
        Report.line("\(error)")
      }
      return error.exitStatus
    }
  }
}
