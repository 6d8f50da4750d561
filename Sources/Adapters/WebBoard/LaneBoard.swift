import Bowling

/// One lane's board as the overhead screen and the desk show it: every bowler's current
/// game with marks and running totals, who is up, the pin deck and the lane's status.
///
/// Plain data, encoded as JSON for the pages and the event stream. It is built from a
/// ``LaneSession`` (``init(lane:session:sequence:)``), so anything that has the session,
/// the lane loop or a feed from the centre's broker, can drive it.
public struct LaneBoard: Codable, Hashable, Sendable {
  /// The schema of this JSON; a change that breaks readers raises it.
  public static let schema = 1

  /// Where the lane stands.
  public enum Status: String, Codable, Hashable, Sendable {
    /// No event seen yet.
    case waiting
    /// The lane loop is running.
    case running
    /// The trace ended; every delivery was read.
    case ended
    /// The lane was stopped.
    case stopped
  }

  /// One ball as a score sheet shows it.
  public struct Ball: Codable, Hashable, Sendable {
    /// `X`, `/`, `-`, `F` or the pin count.
    public var mark: String
    /// The pins this ball scores: none for a foul.
    public var credited: Int
    /// The pins left standing after it by number, or `nil` when only their count is known.
    public var standingAfter: [Int]?
    /// How many pins were left standing after it.
    public var standingCount: Int
    /// Whether it left a split.
    public var isSplit: Bool
    public var isFoul: Bool

    public init(_ ball: Bowling.Ball) {
      mark = ball.mark.symbol
      credited = ball.credited
      standingAfter = ball.standingAfter.pins.map { $0.map(\.rawValue) }
      standingCount = ball.standingAfter.count
      isSplit = ball.isSplit
      isFoul = ball.delivery.isFoul
    }
  }

  /// One frame: its balls and, once known, the running total through it.
  public struct Frame: Codable, Hashable, Sendable {
    /// 1 to 10.
    public var number: Int
    public var balls: [Ball]
    /// The game's running total through this frame, `nil` while a ball is still to come.
    public var cumulative: Int?

    public init(_ frame: Bowling.Frame) {
      number = frame.number
      balls = frame.balls.map(Ball.init)
      cumulative = frame.cumulative
    }
  }

  /// One game: its frames so far and its total.
  public struct Game: Codable, Hashable, Sendable {
    /// The game's number in the bowler's series, from 1.
    public var number: Int
    public var frames: [Frame]
    /// The total through the last frame whose total is known.
    public var total: Int
    public var isComplete: Bool

    public init(_ game: Bowling.Game, number: Int) {
      self.number = number
      frames = game.frames.map(Frame.init)
      total = game.total
      isComplete = game.isComplete
    }
  }

  /// One bowler: the game in play (or the last one finished) and the series.
  public struct Bowler: Codable, Hashable, Sendable {
    public var name: String
    public var game: Game
    /// The totals of the bowler's finished games, in order.
    public var finishedTotals: [Int]
    /// Every game's total added up, the one in play included.
    public var seriesTotal: Int

    public init(name: String, series: GameSeries) {
      self.name = name
      game = Game(series.current, number: series.gameCount)
      finishedTotals = series.earlier.map(\.total) + series.games.filter(\.isComplete).map(\.total)
      seriesTotal = series.statistics.total
    }
  }

  /// The pin deck: the pins standing now.
  public struct Deck: Codable, Hashable, Sendable {
    /// The standing pins by number, or `nil` when only their count is known.
    public var standing: [Int]?
    public var count: Int
    /// Whether the last ball left a split standing.
    public var isSplit: Bool

    public init(standing: [Int]?, count: Int, isSplit: Bool) {
      self.standing = standing
      self.count = count
      self.isSplit = isSplit
    }

    /// A deck of known pins.
    public init(_ pins: PinSet, isSplit: Bool = false) {
      self.init(standing: pins.map(\.rawValue), count: pins.count, isSplit: isSplit)
    }
  }

  public var schema = LaneBoard.schema
  /// The lane's name, as in `/lanes/<lane>`.
  public var lane: String
  /// The journal sequence number of the last event the board shows.
  public var sequence: Int
  public var status: Status
  public var bowlers: [Bowler]
  /// The index in ``bowlers`` of who is up.
  public var currentBowler: Int
  public var deck: Deck
  /// The lane's recent warnings for the operator, oldest first, at most ``faultLimit``:
  /// the desk page shows them, the bowlers' overhead board does not.
  public var faults: [String]
  /// The last message for the operator (a correction), until the next ball.
  public var notice: String?
  /// When the event was published, in milliseconds since 1970, for measuring how late a
  /// page shows it; `nil` when not known.
  public var publishedAt: Double?
  /// Whether the lane is connected to the centre's broker (its retained status), for a
  /// board fed over the broker by `lane display`; `nil` for a lane serving its own boards.
  public var online: Bool?
  /// The league night the lane bowls on a pair (``Night``), for a board fed over the
  /// centre's broker; absent for a lane's own session.
  public var night: Night?

  /// How many recent warnings a board keeps.
  public static let faultLimit = 5

  /// The board of a session, with the deck as the session's rack for the next ball.
  public init(lane: String, session: LaneSession, sequence: Int, status: Status = .running) {
    self.lane = lane
    self.sequence = sequence
    self.status = status
    bowlers = zip(session.bowlers, session.series).map { Bowler(name: $0, series: $1) }
    currentBowler = session.currentBowler
    let rack = session.standing
    deck = Deck(standing: rack.pins.map { $0.map(\.rawValue) }, count: rack.count, isSplit: false)
    faults = []
    notice = nil
    publishedAt = nil
    online = nil
    night = nil
  }
}
