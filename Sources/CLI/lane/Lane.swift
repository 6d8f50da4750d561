import ArgumentParser
import Centre
import LaneCLI

/// The `lane` command: the entry point that wires the LaneBridge libraries together.
@main
struct Lane: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Bridge bowling pin sensors to a ten-pin scoring engine.",
    version: SoftwareVersion.current,
    subcommands: [
      Score.self, Simulate.self, Run.self, Record.self, Calibrate.self, Correct.self, SessionCommand.self,
      JournalCommand.self, Desk.self, Display.self, Records.self,
    ]
  )

  /// Runs the command asked for (``CommandMain``): parsed on the main thread before the
  /// first suspension, then run; every failure is printed once with its status.
  static func main() async {
    let command = CommandMain.parse(root: Lane.self)
    await CommandMain.run(command, root: Lane.self)
  }
}
