import ArgumentParser
import LaneBridge
import LaneOptions

/// The lane's session and journal, as `lane run` and `lane simulate` take them.
public struct SessionOptions: ParsableArguments {
  public init() {}

  @Option(help: """
    The lane's journal: every throw and correction, made durable before it is shown. An \
    existing journal is resumed where it stopped; e.g. /var/lib/lanebridge/lane7/lane.journal. \
    A file that is not a journal, or a damaged one, is refused untouched; so is a second lane \
    run or simulate on the same journal.
    """)
  public var journal: String?

  @Option(help: """
    The bowlers in bowling order, separated by commas ("Ana,Ben,Cho"); by default one \
    unnamed bowler. Leave it out to resume a journal's session as it is.
    """)
  public var bowlers: String?

  /// The bowlers' names, or `nil` when none were given.
  public var bowlerNames: [String]? {
    bowlers.map(OptionValues.bowlerNames)
  }

  public func validate() throws {
    if let bowlers { try validated(try OptionValues.bowlers(bowlers)) }
  }
}
