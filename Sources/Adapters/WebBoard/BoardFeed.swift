import Bowling
import Journal
import LaneBridge

/// Turns a lane's events into board updates: the lane's ``LaneBoard`` after each event,
/// numbered by the event's journal sequence.
///
/// A pure fold: it keeps what the session does not hold (the status, the deck between
/// balls, recent warnings, the last notice) and is told the time each event is published.
public struct BoardFeed: Sendable {
  /// The lane's name.
  public let lane: String
  /// The board after the last event.
  public private(set) var board: LaneBoard

  public init(lane: String, session: LaneSession = LaneSession(bowlers: [])) {
    self.lane = lane
    board = LaneBoard(lane: lane, session: session, sequence: 0, status: .waiting)
  }

  /// The board after `event`, which left `session` behind.
  ///
  /// - Parameters:
  ///   - publishedAt: When the event is published, milliseconds since 1970.
  /// - Returns: The update to send to the lane's pages.
  public mutating func apply(
    _ event: LaneEvent, in session: LaneSession, publishedAt: Double? = nil
  ) -> BoardUpdate {
    var next = LaneBoard(lane: lane, session: session, sequence: event.sequence, status: board.status)
    next.faults = board.faults
    next.notice = board.notice
    next.deck = board.deck
    next.online = board.online
    switch event.kind {
    case .status(.running): next.status = .running
    case .status(.sensorEnded): next.status = .ended
    case .status(.stopped): next.status = .stopped
    case .scored(let scored):
      let leave = scored.detected.standingBefore.subtracting(scored.detected.knocked)
      next.deck = LaneBoard.Deck(leave, isSplit: Self.lastBall(in: session)?.isSplit ?? false)
      next.notice = nil
    case .deckChanged(let standing):
      next.deck = LaneBoard.Deck(standing)
    case .corrected(let correction, let change, let author):
      next.notice = "correction by \(author): \(correction): \(change)"
      next.deck = Self.deckAfterLastBall(in: session) ?? board.deck
    case .notice(let message):
      next.notice = message
    case .sessionStarted(let by, _):
      next.notice = "session ended by \(by); new session"
    case .frameCompleted, .gameCompleted, .bowlerUp:
      break
    case .warning, .journalRecovered:
      break
    }
    if let line = event.warningLine {
      next.faults = Array((next.faults + [line]).suffix(LaneBoard.faultLimit))
    }
    next.publishedAt = publishedAt
    board = next
    return BoardUpdate(board: next)
  }

  /// The board after a journal record received over the centre's broker, which left
  /// `session` behind: the deck as the last ball left it.
  ///
  /// - Parameters:
  ///   - publishedAt: When the record arrived, milliseconds since 1970.
  public mutating func apply(
    recorded entry: JournalEntry, in session: LaneSession, publishedAt: Double? = nil
  ) -> BoardUpdate {
    var next = LaneBoard(lane: lane, session: session, sequence: entry.sequence, status: .running)
    next.faults = board.faults
    next.online = board.online
    switch entry.event {
    case .started:
      next.notice = nil
    case .delivered:
      next.deck = Self.deckAfterLastBall(in: session) ?? next.deck
    case .corrected(let correction, let change):
      next.notice = "correction by \(entry.author): \(correction): \(change)"
      next.deck = Self.deckAfterLastBall(in: session) ?? next.deck
    case .ended:
      next.notice = "session ended by \(entry.author)"
    case .night:
      // Never here: a lane's session refuses a night's record, and a night's records go to
      // apply(night:showing:rack:sequence:publishedAt:) (CentreBoards.receive). Were one to
      // come, the board says so rather than hide it.
      next.notice = "a league night's record (\(entry.sequence)), which a lane's board does not show"
    }
    next.publishedAt = publishedAt
    board = next
    return BoardUpdate(board: next)
  }

  /// The board of a lane bowling a league night on a pair, after one of the night's records
  /// (brought by either lane of the pair), which left `night` behind.
  ///
  /// - Parameters:
  ///   - rack: The pins the night sets for this lane's next ball, `nil` once its turns there
  ///     are bowled.
  ///   - sequence: The night's last record number, the board's ``LaneBoard/sequence``.
  ///   - publishedAt: When the record arrived, milliseconds since 1970.
  public mutating func apply(
    night entry: JournalEntry, showing night: LaneBoard.Night, rack: Rack?, sequence: Int,
    publishedAt: Double? = nil
  ) -> BoardUpdate {
    var next = LaneBoard(lane: lane, night: night, rack: rack, sequence: sequence)
    next.faults = board.faults
    next.online = board.online
    // A correction's notice stays until the next ball, as on a lane's board.
    if case .night(let event) = entry.event {
      switch event {
      case .started, .delivered:
        next.notice = nil
      case .corrected(let correction, let reason):
        next.notice = "correction by \(entry.author): \(correction) (why: \(reason))"
      case .undone(let reason):
        next.notice = "undo by \(entry.author): the latest correction standing taken back (why: \(reason))"
      }
    }
    next.publishedAt = publishedAt
    board = next
    return BoardUpdate(board: next)
  }

  /// The board once the lane's retained status says whether it is connected and what
  /// faults it sees.
  public mutating func link(online: Bool, faults: [String]) -> BoardUpdate {
    board.online = online
    board.faults = Array(faults.suffix(LaneBoard.faultLimit))
    board.publishedAt = nil
    return BoardUpdate(board: board)
  }

  /// The last ball bowled in the session, by whoever bowled it.
  private static func lastBall(in session: LaneSession) -> Bowling.Ball? {
    guard let place = session.recorded.last else { return nil }
    let game = session.series[place.bowler].wholeGame(place.game)
    return game.balls.last { $0.position == place.position }
  }

  /// The deck as the last ball left it, once a correction has rescored it.
  private static func deckAfterLastBall(in session: LaneSession) -> LaneBoard.Deck? {
    guard let ball = lastBall(in: session) else { return nil }
    let after = ball.standingAfter
    return LaneBoard.Deck(
      standing: after.pins.map { $0.map(\.rawValue) }, count: after.count, isSplit: ball.isSplit)
  }
}
