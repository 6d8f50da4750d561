import ArgumentParser
import Foundation

/// The `lane` command: the entry point that wires the LaneBridge libraries together.
@main
struct Lane: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Bridge bowling pin sensors to a ten-pin scoring engine.",
    subcommands: [
      Score.self, Simulate.self, Run.self, Record.self, Calibrate.self, Correct.self,
    ]
  )

  /// Runs `lane score` on its raw arguments (linear in their number, and `---` is three
  /// misses, not an option); everything else goes through swift-argument-parser.
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "score", let status = Score.run(arguments: Array(arguments.dropFirst())) {
      Foundation.exit(status)
    }
    await main(arguments)
  }
}
