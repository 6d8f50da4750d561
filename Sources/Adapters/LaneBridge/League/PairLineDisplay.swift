import League

/// A pair's events as lines: warnings and notices for the technician, and with `log` one
/// line per delivery and correction as soon as it is journalled; throws after the night's
/// last turn on a lane are counted for the end (a trace may go on long after the night).
public struct PairLineDisplay: PairDisplay {
  /// Whether each delivery and correction gets a line on `output`.
  public var log: Bool
  /// Throws after the night's last turn, per lane.
  public private(set) var afterTheNight: [PairSide: Int] = [:]
  private let output: (String) -> Void
  private let warnings: (String) -> Void

  /// - Parameters:
  ///   - output: Takes the log's lines (standard output).
  ///   - warnings: Takes warnings and notices (standard error).
  public init(log: Bool, output: @escaping (String) -> Void, warnings: @escaping (String) -> Void) {
    self.log = log
    self.output = output
    self.warnings = warnings
  }

  public mutating func show(_ event: PairEvent, in play: LeaguePlay) {
    switch event.kind {
    case .warning(let lane, let warning): warnings("\(lane) lane: \(warning)")
    case .notice(let message): warnings(message)
    case .afterTheNight(let lane): afterTheNight[lane, default: 0] += 1
    case .delivered(let lane, let number, _) where log:
      output("record \(event.sequence): \(lane) lane, \(Self.describe(delivery: number, in: play))")
    case .corrected(let what, let by, let why) where log:
      output("record \(event.sequence): \(what) by \(by) (\(why))")
    case .status, .delivered, .corrected: break
    }
  }

  /// `delivery 7: Ana, game 1 frame 3: 7`, as the night placed it.
  public static func describe(delivery number: Int, in play: LeaguePlay) -> String {
    let record = play.deliveries[number - 1]
    let pins = record.delivery.isFoul ? "foul" : "\(record.delivery.pinsDown)"
    switch record.outcome {
    case .placed(let slot, let game, let frame):
      return "delivery \(number): \(play.name(of: slot)), game \(game) frame \(frame): \(pins)"
    case .provisional(let disputed):
      return "delivery \(number): \(pins), provisional for delivery \(disputed)"
    case .void:
      return "delivery \(number): \(pins), does not count"
    }
  }

  /// The end-of-night lines about throws after the night's last turn, one per lane.
  public var afterTheNightLines: [String] {
    afterTheNight.sorted { $0.key < $1.key }.map { lane, count in
      "\(lane) lane: \(count) \(count == 1 ? "throw" : "throws") after the night's last turn there, not scored"
    }
  }
}
