import Bowling
import Centre
import Foundation
import Journal
import LaneBridge
import League

/// The games of stored events, folded the way the lane folds its journal: each (lane,
/// session)'s records in seq order, read with ``JournalEntry/init(recordJSON:)`` and applied
/// to a ``LaneSession``.
///
/// Pure. A lane's session keeps only its latest games whole (``LaneSession/wholeGames``), so
/// each game is taken as it stood just before the session summarised it: a correction never
/// reaches into a summarised game, so that is how it ends.
///
/// A league night's records (those naming a pair) come twice, once under each lane of the
/// pair; the longer copy of a (pair, session) is folded as the pair folds its journal
/// (``LeaguePlay/init(journal:)``), the other left alone. Its games are every place's, each
/// under the person who started it, with the league's handicap, and blind and vacancy
/// scores marked as such.
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
  /// Every correction and undo of the sessions and nights folded, in their order.
  public private(set) var corrections: [StoredCorrection] = []
  /// The league nights folded, each once, in the order of the events given.
  public private(set) var nights: [StoredNight] = []

  /// A league night the store holds: its pair, its session, its league and games, how each
  /// team stood at its end, and the night file it was played by.
  public struct StoredNight: Hashable, Sendable {
    /// `left+right`, as the night's games name it.
    public var pair: String
    public var session: String
    /// The league's name, from the night file.
    public var league: String
    /// Games a bowler bowls in the night: a series is that many.
    public var games: Int
    /// The teams in the night file's order.
    public var teams: [TeamNight]
    /// The night file, when the night was folded from its events; `nil` in the store's
    /// summary of nights (``RecordStore/nights(league:)``).
    public var night: LeagueNight?

    public init(pair: String, session: String, league: String, games: Int, teams: [TeamNight], night: LeagueNight? = nil) {
      self.pair = pair
      self.session = session
      self.league = league
      self.games = games
      self.teams = teams
      self.night = night
    }
  }

  /// A team's night: its series' pins and, once both teams' series are complete, its points.
  public struct TeamNight: Hashable, Sendable {
    public var name: String
    public var scratch: Int
    /// Scratch plus handicap.
    public var withHandicap: Int
    /// Game and series points; `nil` while the night is unfinished.
    public var points: Double?

    public init(name: String, scratch: Int, withHandicap: Int, points: Double?) {
      self.name = name
      self.scratch = scratch
      self.withHandicap = withHandicap
      self.points = points
    }
  }

  /// Folds `events`, grouped by (lane, session) and in seq order within each, as
  /// ``RecordStore/events()`` returns them.
  public init(events: [Payload.Event]) {
    var groups: [(key: DeskConsumer.Key, records: ArraySlice<Payload.Event>)] = []
    var start = events.startIndex
    while start < events.endIndex {
      let key = DeskConsumer.Key(lane: events[start].lane, session: events[start].session)
      var end = start
      while end < events.endIndex, events[end].lane == key.lane, events[end].session == key.session { end += 1 }
      groups.append((key, events[start..<end]))
      start = end
    }
    // A night comes once under each lane of its pair; the copy with more records is folded
    // (a lane that was offline may not have published all of it yet), in the first's place.
    var longest: [String: Int] = [:]
    for (index, group) in groups.enumerated() {
      guard let night = Self.night(of: group.records) else { continue }
      if let other = longest[night], groups[other].records.count >= group.records.count { continue }
      longest[night] = index
    }
    var folded: Set<String> = []
    for group in groups {
      var chosen = group
      if let night = Self.night(of: group.records) {
        guard folded.insert(night).inserted, let index = longest[night] else { continue }
        chosen = groups[index]
      }
      if let problem = fold(chosen.records, key: chosen.key) { problems.append(problem) }
    }
  }

  /// `pair session` for a league night's records, `nil` for a lane's own session.
  private static func night(of records: ArraySlice<Payload.Event>) -> String? {
    guard let pair = records.first(where: { $0.pair != nil })?.pair else { return nil }
    return "\(pair.name) \(records.first?.session ?? "")"
  }

  /// Folds one session's records and lists its games.
  ///
  /// - Returns: Why the records from one on were not folded, if so.
  private mutating func fold(_ records: ArraySlice<Payload.Event>, key: DeskConsumer.Key) -> Problem? {
    func problem(_ seq: Int, _ reason: String) -> Problem {
      Problem(lane: key.lane.rawValue, session: key.session, seq: seq, reason: reason)
    }
    if let pair = records.first(where: { $0.pair != nil })?.pair {
      return foldNight(records, pair: pair.name, key: key)
    }
    let (entries, stopped) = Self.entries(records)
    corrections += entries.compactMap { StoredCorrection($0, lane: key.lane.rawValue, session: key.session) }
    var session: LaneSession?
    // Each bowler's games the session summarised, as they stood before.
    var summarised: [[Game]] = []
    for entry in entries {
      guard var folded = session else {
        guard case .started(let bowlers) = entry.event else {
          return problem(entry.sequence, "the session does not start with its bowlers")
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
        return problem(entry.sequence, "\(error)")
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
    return stopped.map { problem($0.seq, $0.reason) }
  }

  /// The journal entries of a session's records, in seq order, from seq 1 up to the first
  /// one missing or unreadable.
  private static func entries(
    _ records: ArraySlice<Payload.Event>
  ) -> (entries: [JournalEntry], stopped: (seq: Int, reason: String)?) {
    var entries: [JournalEntry] = []
    for event in records {
      guard event.seq == entries.count + 1 else { return (entries, (entries.count + 1, "it is missing from the store")) }
      do {
        guard let record = event.record else { throw JournalError.inconsistent(sequence: event.seq, reason: "no record") }
        let entry = try JournalEntry(recordJSON: try record.jsonBytes)
        guard entry.sequence == event.seq else {
          throw JournalError.inconsistent(sequence: event.seq, reason: "its record is numbered \(entry.sequence)")
        }
        entries.append(entry)
      } catch {
        return (entries, (event.seq, "\(error)"))
      }
    }
    return (entries, nil)
  }

  /// Folds one league night's records and lists every place's games.
  ///
  /// - Returns: Why the records from one on were not folded, if so.
  private mutating func foldNight(
    _ records: ArraySlice<Payload.Event>, pair: String, key: DeskConsumer.Key
  ) -> Problem? {
    let (entries, stopped) = Self.entries(records)
    corrections += entries.compactMap { StoredCorrection($0, lane: pair, session: key.session) }
    var problem = stopped.map {
      Problem(lane: key.lane.rawValue, session: key.session, seq: $0.seq, reason: $0.reason)
    }
    guard let first = entries.first else { return problem }
    var play: LeaguePlay
    do {
      play = try LeaguePlay(journal: [first])
    } catch {
      return Problem(lane: key.lane.rawValue, session: key.session, seq: first.sequence, reason: "\(error)")
    }
    for entry in entries.dropFirst() {
      do {
        try play.apply(entry)
      } catch {
        problem = Problem(lane: key.lane.rawValue, session: key.session, seq: entry.sequence, reason: "\(error)")
        break
      }
    }
    games += Self.games(of: play, lane: pair, session: key.session)
    let teams = play.night.teams.indices.map { team in
      let series = play.teamSeries(team)
      return TeamNight(
        name: play.night.teams[team].name, scratch: series.scratch, withHandicap: series.total, points: series.points)
    }
    nights.append(
      StoredNight(
        pair: pair, session: key.session, league: play.night.settings.name, games: play.night.settings.games,
        teams: teams, night: play.night))
    return problem
  }

  /// Every place's games of a night, team by team, place by place, game by game; a bowled
  /// game nobody has started yet is left out.
  static func games(of play: LeaguePlay, lane: String, session: String) -> [StoredGame] {
    var games: [StoredGame] = []
    for (team, places) in play.places.enumerated() {
      for (index, place) in places.enumerated() {
        let slot = SlotID(team: team, place: index)
        for (number, placeGame) in place.games.enumerated() {
          let total = play.gameTotal(slot, game: number + 1)
          let kind = total.isVacancy ? "vacancy" : total.isAbsentee ? "absentee" : "bowled"
          if kind == "bowled" && placeGame.isUnstarted { continue }
          let bowler = place.person(startingGame: number + 1).map { place.people[$0].name } ?? ""
          let scored = StoredGame.Scored(
            game: placeGame.game, lanes: placeGame.frames.map { $0?.lane?.rawValue })
          games.append(
            StoredGame(
              lane: lane, session: session, bowler: bowler, game: number + 1, total: total.scratch,
              complete: total.isComplete,
              frames: kind == "bowled" ? placeGame.game.frames.map(GameReport.Frame.init) : [],
              league: StoredGame.League(
                name: play.night.settings.name, team: play.night.teams[team].name,
                handicap: total.handicap, withHandicap: total.total, kind: kind),
              scored: kind == "bowled" ? scored : nil))
        }
      }
    }
    return games
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
            total: game.total, complete: game.isComplete, frames: game.frames.map(GameReport.Frame.init),
            scored: StoredGame.Scored(game: game, lanes: game.frames.map { _ in nil })))
      }
    }
  }
}
