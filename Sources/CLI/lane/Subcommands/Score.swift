import ArgumentParser
import LaneBridge
import LaneCLI

extension Lane {
  /// `lane score`: scores balls given on the command line.
  ///
  /// `lane` reads this subcommand's arguments itself (``CommandMain``, ``ScoreCommand``), in
  /// linear time; swift-argument-parser sees them only for `--help`.
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
      throw ExitCode(ScoreCommand.score(arguments))
    }
  }
}
