import Bowling
import Centre
import Foundation
import Journal
import League

/// A league night on a pair journalled as the pair journals it (``JournalledNight`` over a
/// ``MemoryJournal``), and its records as both lanes of the pair publish them on the centre
/// link: the whole night under each lane's own id, one session (the night's start time), the
/// journal's record numbers as seqs, each event naming the pair.
///
/// The balls are a ``PlannedNight``'s, bowled in the order the night asks for them (whoever
/// is up on a lane bowls their frame there); a turn the plan has no frame for (a late
/// bowler who arrived, a substitute) is bowled as gutter balls.
public struct PublishedNight {
  /// When the night starts: its session id on the link.
  public static let startTime = Date(timeIntervalSince1970: 1_795_000_000)

  public let pair: Payload.Pair
  public let session: String
  public let planned: PlannedNight
  public private(set) var journal: JournalledNight<MemoryJournal>
  private var clock = PublishedNight.startTime

  /// The night `planned` plans, started on the pair of `left` and `right`.
  public init(_ planned: PlannedNight, left: LaneID, right: LaneID) throws {
    let start = try JournalEntry.nightStart(of: planned.night, by: "desk", at: Self.startTime)
    let store = MemoryJournal(starting: start)
    journal = try JournalledNight(store: store, entries: store.entries)
    self.planned = planned
    pair = Payload.Pair(left: left, right: right)
    session = SessionRotation.id(of: start)
  }

  /// The night as journalled so far.
  public var play: LeaguePlay { journal.play }

  /// Every record journalled, the night's start first.
  public var entries: [JournalEntry] { journal.store.entries }

  /// Bowls `frames` frames on each lane, one on the left then one on the right, each by
  /// whoever is up there; a lane whose turns are all bowled is skipped.
  public mutating func bowl(frames: Int) throws {
    for _ in 0..<frames {
      for lane in PairSide.allCases { try bowlFrame(on: lane) }
    }
  }

  /// Journals a correction, as the desk makes it.
  public mutating func correct(_ correction: LeagueCorrection, why: String) throws {
    _ = try journal.correct(correction, by: "desk/r-1", why: why, at: tick())
  }

  /// Journals the undo of the latest correction standing.
  public mutating func undo(why: String) throws {
    _ = try journal.undo(by: "desk/r-2", why: why, at: tick())
  }

  /// The night's records from `from` on, as `lane` publishes them.
  public func events(on lane: LaneID, from: Int = 1) throws -> [Payload.Event] {
    try entries.filter { $0.sequence >= from }.map { try Self.event(of: $0, on: lane, session: session, pair: pair) }
  }

  /// One journal entry as a lane publishes it: its record as it is, its type as the lane
  /// link names it (a night's start is the session's start, a delivery a throw, a correction
  /// or an undo a correction).
  public static func event(
    of entry: JournalEntry, on lane: LaneID, session: String, pair: Payload.Pair?
  ) throws -> Payload.Event {
    let type: Payload.Event.Kind =
      switch entry.event {
      case .started, .night(.started): .sessionStart
      case .delivered, .night(.delivered): .throw
      case .corrected, .night(.corrected), .night(.undone): .correction
      case .ended: .sessionEnd
      }
    let record = try JSONDecoder().decode(JSONValue.self, from: Data(entry.recordJSON))
    return Payload.Event(lane: lane, session: session, seq: entry.sequence, type: type, record: record, pair: pair)
  }

  /// The records of the night journal at `path` (format 3, as `lane simulate --league
  /// --journal` or a running pair writes it) as `lane` publishes them: the session is the
  /// night's id (``SessionRotation/id(of:)``).
  public static func events(ofJournalAt path: String, on lane: LaneID, pair: Payload.Pair) throws -> [Payload.Event] {
    let entries = try JournalReader(path: path).entries(after: 0)
    guard let first = entries.first else { return [] }
    let session = SessionRotation.id(of: first)
    return try entries.map { try event(of: $0, on: lane, session: session, pair: pair) }
  }

  /// The start of a lane's own session (open play) for `bowlers`, as the lane publishes it.
  public static func laneSessionStart(
    of bowlers: [String], on lane: LaneID, session: String, at time: Date = startTime
  ) throws -> Payload.Event {
    let entry = JournalEntry(sequence: 1, time: time, author: "lane", event: .started(bowlers: bowlers))
    return try event(of: entry, on: lane, session: session, pair: nil)
  }

  /// Bowls the frame of whoever is up on `lane`, ball by ball, until someone else is up.
  private mutating func bowlFrame(on lane: PairSide) throws {
    guard let turn = play.up(on: lane) else { return }
    let games = planned.games[turn.slot.team][turn.slot.place]
    let balls = games.isEmpty ? [] : games[turn.game - 1].frames[turn.frame - 1].balls
    var index = 0
    while play.up(on: lane) == turn {
      let knocked = index < balls.count ? balls[index].delivery.knockedPins ?? .empty : .empty
      let foul = index < balls.count && balls[index].delivery.isFoul
      _ = try journal.deliver(.init(knocked: knocked, isFoul: foul), on: lane, at: tick())
      index += 1
    }
  }

  private mutating func tick() -> Date {
    clock += 10
    return clock
  }
}
