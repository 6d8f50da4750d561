import Bowling
import Centre
import Foundation
import Journal
import LaneBridge

/// The games of stored events, folded the way the lane folds its journal: each (lane,
/// session)'s records in seq order, read with ``JournalEntry/init(recordJSON:)`` and applied
/// to a ``LaneSession``.
///
/// Pure. A lane's session keeps only its latest games whole (``LaneSession/wholeGames``), so
/// each game is taken as it stood just before the session summarised it: a correction never
/// reaches into a summarised game, so that is how it ends. A league night's records (those
/// naming a pair) are not folded here yet (docs/records.md).
public struct StoredGames: Sendable {
  /// Why some of a session's records were not folded: the games before them are listed.
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    public var lane: String
    public var session: String
    public var seq: Int
    public var reason: String

    public var description: String { "lane \(lane) session \(session) record \(seq) not folded: \(reason)" }
  }

  /// Every game, session by session in the order of the events given; within a session by
  /// game number, then in bowling order.
  public private(set) var games: [StoredGame] = []
  public private(set) var problems: [Problem] = []
  /// How many sessions were league nights, left out.
  public private(set) var nights = 0

  /// Folds `events`, grouped by (lane, session) and in seq order within each, as
  /// ``RecordStore/events()`` returns them.
  public init(events: [Payload.Event]) {
    var start = events.startIndex
    while start < events.endIndex {
      let key = DeskConsumer.Key(lane: events[start].lane, session: events[start].session)
      var end = start
      while end < events.endIndex, events[end].lane == key.lane, events[end].session == key.session { end += 1 }
      if let problem = fold(events[start..<end], key: key) { problems.append(problem) }
      start = end
    }
  }

  /// Folds one session's records and lists its games.
  ///
  /// - Returns: Why the records from one on were not folded, if so.
  private mutating func fold(_ records: ArraySlice<Payload.Event>, key: DeskConsumer.Key) -> Problem? {
    func problem(_ seq: Int, _ reason: String) -> Problem {
      Problem(lane: key.lane.rawValue, session: key.session, seq: seq, reason: reason)
    }
    if records.contains(where: { $0.pair != nil }) {
      nights += 1
      return nil
    }
    var session: LaneSession?
    // Each bowler's games the session summarised, as they stood before.
    var summarised: [[Game]] = []
    var expected = 1
    for event in records {
      guard event.seq == expected else {
        finish(session, summarised, key)
        return problem(expected, "it is missing from the store")
      }
      expected += 1
      let entry: JournalEntry
      do {
        guard let record = event.record else { throw JournalError.inconsistent(sequence: event.seq, reason: "no record") }
        entry = try JournalEntry(recordJSON: Array(try JSONEncoder().encode(record)))
        guard entry.sequence == event.seq else {
          throw JournalError.inconsistent(sequence: event.seq, reason: "its record is numbered \(entry.sequence)")
        }
      } catch {
        finish(session, summarised, key)
        return problem(event.seq, "\(error)")
      }
      guard var folded = session else {
        guard case .started(let bowlers) = entry.event else {
          return problem(event.seq, "the session does not start with its bowlers")
        }
        session = LaneSession(bowlers: bowlers)
        summarised = Array(repeating: [], count: session?.bowlers.count ?? 0)
        continue
      }
      let before = folded
      do {
        try folded.apply(entry)
      } catch {
        finish(before, summarised, key)
        return problem(event.seq, "\(error)")
      }
      for bowler in folded.series.indices {
        let was = before.series[bowler].earlier.count
        for number in stride(from: was + 1, through: folded.series[bowler].earlier.count, by: 1) {
          if let game = before.series[bowler].game(number) { summarised[bowler].append(game) }
        }
      }
      session = folded
    }
    finish(session, summarised, key)
    return nil
  }

  /// Lists the session's games, the summarised ones first.
  private mutating func finish(_ session: LaneSession?, _ summarised: [[Game]], _ key: DeskConsumer.Key) {
    guard let session else { return }
    let games = zip(summarised, session.series).map { earlier, series in
      earlier + series.games.filter { !$0.frames.isEmpty }
    }
    let rounds = games.map(\.count).max() ?? 0
    for round in 0..<rounds {
      for (bowler, bowlerGames) in zip(session.bowlers, games) where round < bowlerGames.count {
        let game = bowlerGames[round]
        self.games.append(
          StoredGame(
            lane: key.lane.rawValue, session: key.session, bowler: bowler, game: round + 1,
            total: game.total, complete: game.isComplete, frames: game.frames.map(GameReport.Frame.init)))
      }
    }
  }
}
