import Bowling
import League

extension LaneBoard {
  /// The league night a lane of a pair bowls, as `lane display` shows it from the centre's
  /// broker: the pair's lanes, which of the two this lane is, and the night's board, the
  /// same on both lanes of the pair.
  public struct Night: Codable, Hashable, Sendable {
    /// The pair's left lane, as in `/lanes/<lane>`.
    public var left: String
    /// The pair's right lane.
    public var right: String
    /// This lane's side of the pair.
    public var side: PairSide
    /// The night's board, as `/league` serves it on the pair's own `--http`.
    public var board: LeagueBoard

    public init(left: String, right: String, side: PairSide, board: LeagueBoard) {
      self.left = left
      self.right = right
      self.side = side
      self.board = board
    }
  }

  /// The board of a lane bowling a league night: no bowlers of its own (they are the
  /// night's, in ``night``), the deck as the night sets it for this lane's next ball.
  ///
  /// - Parameter rack: The pins set for the lane's next ball; `nil` once the night's
  ///   turns on the lane are bowled (the deck is then drawn full).
  public init(lane: String, night: Night, rack: Rack?, sequence: Int, status: Status = .running) {
    self.init(lane: lane, session: LaneSession(bowlers: []), sequence: sequence, status: status)
    bowlers = []
    let rack = rack ?? .fresh
    deck = Deck(standing: rack.pins.map { $0.map(\.rawValue) }, count: rack.count, isSplit: false)
    self.night = night
  }
}
