/// A topic of the centre link, version 1: everything lives under
/// `lanebridge/v1/`, a lane's topics under `lanebridge/v1/lanes/<lane>/`.
///
/// Centre ids stay out of the topics, so a mosquitto bridge can prefix them
/// for a chain's central broker without the lanes knowing.
public enum Topic: Hashable, Sendable, CustomStringConvertible {
  /// Retained `online`/`offline` with the connection epoch; the will sets `offline`.
  case status(LaneID)
  /// Every journal record, QoS 1, never retained.
  case events(LaneID)
  /// Retained: the lane's current games, for a desk that joins late.
  case board(LaneID)
  /// Retained, written by the desk: the lane's events are safe up to a seq.
  case ack(LaneID)
  /// Written by the desk, never retained: a request with an id.
  case commands(LaneID)
  /// The lane's answer to a command, with the request id.
  case replies(LaneID)
  /// Written by displays, never retained: a request the lane honours only when it is a
  /// `resend` (``CentreMessage/decode(topic:payload:)`` refuses any other action here).
  case displayRequests(LaneID)
  /// Retained, with a will: whether the desk is online (lanes resend when it returns).
  case deskStatus

  public static let root = "lanebridge/v1"

  /// The subscription filter for one kind of topic on every lane, e.g.
  /// `lanebridge/v1/lanes/+/events`.
  public static func everyLane(_ leaf: Leaf) -> String {
    "\(root)/lanes/+/\(leaf.rawValue)"
  }

  /// The last level of a lane topic.
  public enum Leaf: String, Sendable, CaseIterable {
    case status, events, board, ack, commands, replies
    case displayRequests = "display-requests"
  }

  public var lane: LaneID? {
    switch self {
    case .status(let lane), .events(let lane), .board(let lane), .ack(let lane),
      .commands(let lane), .replies(let lane), .displayRequests(let lane):
      lane
    case .deskStatus: nil
    }
  }

  public var leaf: Leaf? {
    switch self {
    case .status: .status
    case .events: .events
    case .board: .board
    case .ack: .ack
    case .commands: .commands
    case .replies: .replies
    case .displayRequests: .displayRequests
    case .deskStatus: nil
    }
  }

  public var name: String {
    guard let lane, let leaf else { return "\(Self.root)/desk/status" }
    return "\(Self.root)/lanes/\(lane.rawValue)/\(leaf.rawValue)"
  }

  public var description: String { name }

  /// The topic `name` stands for, or `nil` when it is not one of the link's
  /// topics (another version, a bad lane name, an extra level).
  public init?(name: String) {
    if name == "\(Self.root)/desk/status" {
      self = .deskStatus
      return
    }
    let levels = name.split(separator: "/", omittingEmptySubsequences: false)
    guard levels.count == 5, levels[0] == "lanebridge", levels[1] == "v1", levels[2] == "lanes",
      let lane = try? LaneID(String(levels[3])), let leaf = Leaf(rawValue: String(levels[4]))
    else { return nil }
    self.init(leaf, lane)
  }

  public init(_ leaf: Leaf, _ lane: LaneID) {
    switch leaf {
    case .status: self = .status(lane)
    case .events: self = .events(lane)
    case .board: self = .board(lane)
    case .ack: self = .ack(lane)
    case .commands: self = .commands(lane)
    case .replies: self = .replies(lane)
    case .displayRequests: self = .displayRequests(lane)
    }
  }
}
