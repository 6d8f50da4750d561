import Bowling
import Centre
import Foundation
import Journal

/// Every lane's board as `lane display` shows a centre: the journal records each lane
/// publishes on the broker, taken in seq order and exactly once (``DeskConsumer`` sees to
/// that), folded into the lane's session and its ``LaneBoard``, and the lane's retained
/// status for whether it is online and what faults it sees.
///
/// A pure fold, told when each record arrived. A record that is not a journal entry, or
/// that the session refuses, changes nothing and is answered with a ``Refusal``.
public struct CentreBoards: Sendable {
  /// Why a record was not shown.
  public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var lane: LaneID
    public var seq: Int
    public var reason: String

    public init(lane: LaneID, seq: Int, reason: String) {
      self.lane = lane
      self.seq = seq
      self.reason = reason
    }

    public var description: String { "lane \(lane) record \(seq) not shown: \(reason)" }
  }

  /// What one input changed: the lane's board, and its finished games when they changed.
  public struct Change: Sendable {
    public var update: BoardUpdate
    public var games: LaneGames?
  }

  private struct Lane: Sendable {
    var session: String?
    var scores: LaneSession
    var feed: BoardFeed
    var epoch = Int.min
  }

  private var lanes: [LaneID: Lane] = [:]

  public init() {}

  /// The session a lane's board shows now, if one started.
  public func session(of lane: LaneID) -> String? { lanes[lane]?.session }

  /// The lane's scores as folded so far, once its session started here.
  public func scores(of lane: LaneID) -> LaneSession? {
    guard let lane = lanes[lane], lane.session != nil else { return nil }
    return lane.scores
  }

  /// Takes one of a lane's events, in seq order.
  ///
  /// - Parameter arrivedAt: When the lane sent it (or, from a lane that does not say, when
  ///   the display received it), milliseconds since 1970: the board's `publishedAt`.
  /// - Throws: ``Refusal`` for a record that is not a journal entry or that the session
  ///   refuses, and for a record of a session that has not started here.
  public mutating func receive(_ event: Payload.Event, arrivedAt: Double? = nil) throws(Refusal) -> Change {
    func refuse(_ reason: String) -> Refusal { Refusal(lane: event.lane, seq: event.seq, reason: reason) }
    guard let record = event.record else { throw refuse("it carries no journal record") }
    let entry: JournalEntry
    do {
      entry = try JournalEntry(recordJSON: Array(try JSONEncoder().encode(record)))
    } catch let error as JournalError {
      throw refuse("\(error)")
    } catch {
      throw refuse("its record cannot be read: \(error)")
    }
    guard entry.sequence == event.seq else {
      throw refuse("its record is numbered \(entry.sequence)")
    }
    var lane = lanes[event.lane] ?? Lane(scores: LaneSession(bowlers: []), feed: BoardFeed(lane: event.lane.rawValue))
    if case .started(let bowlers) = entry.event {
      lane.session = event.session
      lane.scores = LaneSession(bowlers: bowlers)
    } else {
      guard lane.session == event.session else {
        throw refuse("its session \(event.session) has not started on this display")
      }
      do {
        try lane.scores.apply(entry)
      } catch {
        throw refuse("\(error)")
      }
    }
    let update = lane.feed.apply(recorded: entry, in: lane.scores, publishedAt: arrivedAt)
    let games: LaneGames? =
      switch entry.event {
      case .delivered where !Self.finishedAGame(lane.scores):
        nil
      default:
        LaneGames(lane: event.lane.rawValue, session: lane.scores, sequence: entry.sequence)
      }
    lanes[event.lane] = lane
    return Change(update: update, games: games)
  }

  /// Takes a lane's retained status; one from an older connection (a lower epoch) is stale
  /// and changes nothing (`nil`).
  public mutating func receive(_ status: Payload.Status) -> Change? {
    var lane = lanes[status.lane] ?? Lane(scores: LaneSession(bowlers: []), feed: BoardFeed(lane: status.lane.rawValue))
    guard status.epoch >= lane.epoch else { return nil }
    lane.epoch = status.epoch
    let update = lane.feed.link(online: status.state == .online, faults: status.faults ?? [])
    lanes[status.lane] = lane
    return Change(update: update, games: nil)
  }

  /// Whether the last ball finished a bowler's game.
  private static func finishedAGame(_ session: LaneSession) -> Bool {
    guard let place = session.recorded.last else { return false }
    return session.series[place.bowler].games[place.game - 1].isComplete
  }
}
