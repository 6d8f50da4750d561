import ArgumentParser

/// The `lane` command: the entry point that wires the LaneBridge libraries together.
@main
struct Lane: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Bridge bowling pin sensors to a ten-pin scoring engine.",
    subcommands: [
      Score.self, Simulate.self, Run.self, Record.self, Calibrate.self, Correct.self,
      JournalCommand.self,
    ]
  )
}
