import ArgumentParser

extension Lane {
  /// `lane desk`: the front desk over the centre's broker, and its one-shot requests.
  struct Desk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The front desk: every lane of the centre from its MQTT broker.",
      discussion: """
        lane desk --broker URL runs the desk (the default subcommand, serve); lane desk show \
        LANE shows one lane's detail board; lane desk send LANE ... sends a lane one request. \
        See docs/centre.md.
        """,
      subcommands: [Serve.self, Show.self, Send.self, Users.self],
      defaultSubcommand: Serve.self
    )
  }
}
