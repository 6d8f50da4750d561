import Logging

/// A lane display's warning lines (`warning: the ball detector fired twice…`) as log
/// records: each whole line written is one warning of the ``LaneLogHandler/eventLinesLabel``
/// logger, its `warning: ` left to the level, which the console text prints as the display
/// wrote it.
public struct EventLines: TextOutputStream {
  private static let prefix = "warning: "
  private var logger: Logger
  private var pending = ""

  /// - Parameter metadata: The lane's (`lane`, `pair`), so a pair's lines name their lane.
  public init(metadata: Logger.Metadata = [:]) {
    logger = Logger(label: LaneLogHandler.eventLinesLabel)
    for (key, value) in metadata { logger[metadataKey: key] = value }
  }

  public mutating func write(_ string: String) {
    pending += string
    while let newline = pending.firstIndex(of: "\n") {
      let line = pending[..<newline]
      logger.warning("\(line.hasPrefix(Self.prefix) ? line.dropFirst(Self.prefix.count) : line)")
      pending.removeSubrange(...newline)
    }
  }
}
