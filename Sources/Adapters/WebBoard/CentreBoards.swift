import Bowling
import Centre
import Foundation
import Journal
import League

/// Every lane's board as `lane display` shows a centre: the journal records each lane
/// publishes on the broker, taken in seq order and exactly once (``DeskConsumer`` sees to
/// that), folded into the lane's session and its ``LaneBoard``, and the lane's retained
/// status for whether it is online and what faults it sees.
///
/// A lane whose session starts with a league night's start bowls that night on a pair:
/// both lanes of the pair publish the whole night, each under its own id, so the night is
/// folded once per pair and session (``CentreNight``), each record taken from whichever
/// lane brings it first; both lanes' boards show it (``LaneBoard/night``), the same from
/// either lane's events.
///
/// A pure fold, told when each record arrived. A record that is not a journal entry, or
/// that the session or the night refuses, changes nothing and is answered with a ``Refusal``.
/// A record of a session older than the one the lane's board shows (session ids are their
/// start's second, `2026-11-27T19:00:00Z`, so they sort by time) changes nothing either,
/// without a refusal: a pair back from a league night the desk started ends the session it
/// left for the night, after the night, and the board shows what came since.
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
    /// The board of the pair's other lane, when a league night's record moved the night on
    /// there too (the other lane's own copy of the record is then a repeat).
    public var otherLane: BoardUpdate?
    public var games: LaneGames?
  }

  /// A league night on a pair: the pair's records of one session.
  private struct NightKey: Hashable, Sendable {
    var pair: Payload.Pair
    var session: String
  }

  private struct Lane: Sendable {
    var session: String?
    var scores: LaneSession
    var feed: BoardFeed
    var epoch = Int.min
    /// The league night the lane bowls, when its session is one.
    var night: NightKey?
  }

  private var lanes: [LaneID: Lane] = [:]
  private var nights: [NightKey: CentreNight] = [:]

  public init() {}

  /// The session a lane's board shows now, if one started.
  public func session(of lane: LaneID) -> String? { lanes[lane]?.session }

  /// The lane's scores as folded so far, once its session started here; `nil` for a lane
  /// bowling a league night (``night(of:)``).
  public func scores(of lane: LaneID) -> LaneSession? {
    guard let lane = lanes[lane], lane.session != nil, lane.night == nil else { return nil }
    return lane.scores
  }

  /// The league night the lane bowls as folded so far, once its start reached the lane here.
  public func night(of lane: LaneID) -> LeaguePlay? {
    lanes[lane]?.night.flatMap { nights[$0]?.play }
  }

  /// The lane's board as it stands, once anything of the lane arrived.
  public func board(of lane: LaneID) -> LaneBoard? { lanes[lane]?.feed.board }

  /// Takes one of a lane's events, in seq order.
  ///
  /// - Parameter arrivedAt: When the lane sent it (or, from a lane that does not say, when
  ///   the display received it), milliseconds since 1970: the board's `publishedAt`.
  /// - Throws: ``Refusal`` for a record that is not a journal entry or that the session or
  ///   the night refuses, for a record of a session that has not started here on this lane,
  ///   and for a night's record that names no pair or a pair without the lane.
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
    if case .night(.started) = entry.event {
      return try startNight(entry, of: event, on: lane, arrivedAt: arrivedAt)
    }
    if case .started(let bowlers) = entry.event {
      lane.session = event.session
      lane.scores = LaneSession(bowlers: bowlers)
      lane.night = nil
    } else {
      if let shown = lane.session, event.session < shown {
        return Change(update: BoardUpdate(board: lane.feed.board), games: nil)
      }
      guard lane.session == event.session else {
        throw refuse("its session \(event.session) has not started on this display")
      }
      if let key = lane.night {
        return try carryOn(key, with: entry, of: event, arrivedAt: arrivedAt)
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
    forgetNightsNoLaneShows()
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

  // MARK: League nights

  /// Starts the lane on the night `start` begins: the night the pair's other lane started
  /// already, or a new one.
  private mutating func startNight(
    _ start: JournalEntry, of event: Payload.Event, on lane: Lane, arrivedAt: Double?
  ) throws(Refusal) -> Change {
    func refuse(_ reason: String) -> Refusal { Refusal(lane: event.lane, seq: event.seq, reason: reason) }
    guard let pair = event.pair else {
      throw refuse("it starts a league night but names no pair of lanes")
    }
    guard pair.contains(event.lane) else {
      throw refuse("its pair, lanes \(pair.left) and \(pair.right), does not hold this lane")
    }
    let key = NightKey(pair: pair, session: event.session)
    let night: CentreNight
    if let started = nights[key] {
      guard started.isStarted(by: start) else {
        throw refuse("it starts another night than the pair's other lane published for session \(event.session)")
      }
      night = started
    } else {
      do {
        night = try CentreNight(start: start)
      } catch {
        throw refuse("\(error)")
      }
    }
    var lane = lane
    lane.session = event.session
    lane.scores = LaneSession(bowlers: [])
    lane.night = key
    nights[key] = night
    let update = show(start, in: night, of: key, on: event.lane, lane: &lane, arrivedAt: arrivedAt)
    lanes[event.lane] = lane
    forgetNightsNoLaneShows()
    // The lane's finished games of open play are not the night's.
    let games = LaneGames(lane: event.lane.rawValue, session: LaneSession(bowlers: []), sequence: night.lastSequence)
    return Change(update: update, games: games)
  }

  /// Takes one of the night's records from one lane of the pair: the first copy moves the
  /// night on and both lanes' boards with it, the second changes nothing.
  private mutating func carryOn(
    _ key: NightKey, with entry: JournalEntry, of event: Payload.Event, arrivedAt: Double?
  ) throws(Refusal) -> Change {
    func refuse(_ reason: String) -> Refusal { Refusal(lane: event.lane, seq: event.seq, reason: reason) }
    guard event.pair == key.pair else {
      let named = event.pair.map { "lanes \($0.left) and \($0.right)" } ?? "no pair"
      throw refuse("it names \(named), not the pair whose night the lane bowls")
    }
    guard var night = nights[key], var lane = lanes[event.lane] else {
      throw refuse("its session \(event.session) has not started on this display")
    }
    let taken: CentreNight.Taken
    do {
      taken = try night.take(entry)
    } catch {
      throw refuse("\(error)")
    }
    guard taken == .moved else {
      return Change(update: BoardUpdate(board: lane.feed.board), games: nil)
    }
    nights[key] = night
    let update = show(entry, in: night, of: key, on: event.lane, lane: &lane, arrivedAt: arrivedAt)
    lanes[event.lane] = lane
    let otherID = key.pair.left == event.lane ? key.pair.right : key.pair.left
    var otherLane: BoardUpdate?
    if otherID != event.lane, var other = lanes[otherID], other.night == key {
      otherLane = show(entry, in: night, of: key, on: otherID, lane: &other, arrivedAt: arrivedAt)
      lanes[otherID] = other
    }
    return Change(update: update, otherLane: otherLane, games: nil)
  }

  /// The board of `id`, a lane of the night's pair, after `entry`.
  private func show(
    _ entry: JournalEntry, in night: CentreNight, of key: NightKey, on id: LaneID, lane: inout Lane,
    arrivedAt: Double?
  ) -> BoardUpdate {
    let side: PairSide = key.pair.left == id ? .left : .right
    let shown = LaneBoard.Night(
      left: key.pair.left.rawValue, right: key.pair.right.rawValue, side: side, board: LeagueBoard(night.play))
    return lane.feed.apply(
      night: entry, showing: shown, rack: night.play.standing(on: side), sequence: night.lastSequence,
      publishedAt: arrivedAt)
  }

  /// Drops the nights no lane's board shows any more (each lane of the pair has started a
  /// session since).
  private mutating func forgetNightsNoLaneShows() {
    let shown = Set(lanes.values.compactMap(\.night))
    nights = nights.filter { shown.contains($0.key) }
  }

  /// Whether the last ball finished a bowler's game.
  private static func finishedAGame(_ session: LaneSession) -> Bool {
    guard let place = session.recorded.last else { return false }
    return session.series[place.bowler].games[place.game - 1].isComplete
  }
}
