import LaneBridge

/// `lane score`: the balls after `score`, read in linear time (``ScoreArguments``), scored,
/// and the boards or JSON printed; `lane` declares the options for `--help` only.
public enum ScoreCommand {
  /// Scores the arguments after `score`, or `nil` when they ask for help, which
  /// swift-argument-parser prints.
  public static func run(arguments: [String]) -> Int32? {
    let parsed: ScoreArguments
    do {
      parsed = try ScoreArguments(arguments)
    } catch {
      return report(error, json: arguments.contains("--json"))
    }
    return parsed.wantsHelp ? nil : score(parsed)
  }

  /// Prints the boards or JSON, or the error, and returns the exit status.
  public static func score(_ arguments: ScoreArguments) -> Int32 {
    do {
      let report = try ScoreReport(tokens: arguments.rolls)
      let format: ScoreReport.Format = arguments.json ? .json : .scoreboard(colour: StandardOutput.wantsColour)
      var output = StandardOutput()
      // StandardOutput exits 74 with a message when it cannot write.
      output.write(try report.render(format) + "\n")
      return ExitStatus.success.rawValue
    } catch let error as ScoreInputError {
      return report(error, json: arguments.json)
    } catch {
      Report.line("\(error)")
      return ExitStatus.software.rawValue
    }
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
