import ArgumentParser
import LaneRuntime
import LaneBridge
import LaneCLI
import LaneOptions

extension Lane {
  /// `lane correct`: an operator's correction, journalled against a running or stopped lane.
  struct Correct: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Correct the last throw in a lane's journal (pins, foul, dead ball, undo), or a league night.",
      discussion: """
        pins 1,2,4 sets the pins the last ball knocked down (pins - for none); foul and \
        no-foul mark or clear a foul; dead-ball takes the last ball back so it is bowled \
        again; undo takes back the last throw or correction. The correction is journalled \
        with --by and the time. A running lane (lane run or lane simulate --journal) makes it \
        itself, asked over its control socket JOURNAL.sock, and shows it at once; otherwise \
        this command appends it. Prints what changed (and, for a stopped lane, the \
        scoreboard). A correction that would make the games impossible is refused; a running \
        lane has 10 s to answer.

        --league "COMMAND" --why "REASON" corrects the league night a pair scores, \
        with a command as typed at the pair: e.g. --league "move 12,13 to Ana" --why "bowled \
        out of turn" (the commands: docs/league.md). The running pair makes it; with none \
        running it is journalled in the night's journal, and the pair applies it when it starts.
        """ + ExitStatus.help(.dataError, .noInput, .unavailable, .ioError, .temporaryFailure, .protocolError)
    )

    @Option(help: "The lane's journal, as given to lane run --journal.")
    var journal: String

    @Option(help: "Who makes the correction, for the journal.")
    var by = "operator"

    @Option(help: "A league night's correction, as typed at the pair, e.g. \"move 12 to Ana\".")
    var league: String?

    @Option(help: "Why the league correction is made, for the journal (1 to 200 characters).")
    var why: String?

    @Argument(help: "pins, foul, no-foul, dead-ball or undo (without --league).")
    var action: CorrectionAction?

    @Argument(help: "For pins: the pin numbers the last ball knocked down, e.g. 1,2,4 (- for none).")
    var pins: String?

    func validate() throws {
      try validated(try OptionValues.checkCorrectionKind(hasAction: action != nil, league: league, why: why))
      try validated(try OptionValues.checkCorrectionPins(isPins: action == .pins, pins: pins))
    }

    func run() async throws {
      let done =
        if let action {
          try await JournalRequest.correct(
            try action.correction(pins: pins), by: by, journal: journal, logger: Report.logger)
        } else {
          try await JournalRequest.correctLeague(league ?? "", why: why ?? "", by: by, journal: journal, logger: Report.logger)
        }
      var output = StandardOutput()
      print(done, to: &output)
    }
  }
}
