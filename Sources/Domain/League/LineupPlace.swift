import Bowling

/// One place in a team's lineup as the night goes: who has bowled there, and its games.
public struct LineupPlace: Hashable, Sendable {
  /// A person who bowled (or is to bowl) in this place: the night file's bowler first, then
  /// any substitutes in the order they came in.
  public struct Person: Hashable, Sendable {
    public var name: String
    public var average: Int
    /// A handicap the desk set for tonight instead of the league's formula.
    public var handicapOverride: Int?
  }

  /// One of the place's games.
  public struct PlaceGame: Hashable, Sendable {
    /// How the game scores.
    public enum Kind: Hashable, Sendable {
      /// Bowled frame by frame.
      case bowled
      /// An absentee's (blind) score: average less the league's offset.
      case absentee
      /// A vacancy's fixed score.
      case vacancy
    }

    public var kind: Kind
    /// Frames 1 to 10 as bowled so far, or `nil` where nothing is bowled yet.
    public internal(set) var frames: [PlacedFrame?]
    /// The game of the frames bowled in order from frame 1 up to the first gap: single-lane
    /// scoring of the bowler's own deliveries in frame order.
    public internal(set) var game: Game
    /// Frames below this one are owed by a late bowler who makes them up on arrival.
    public internal(set) var makeUpBefore: Int?

    init(kind: Kind) {
      self.kind = kind
      self.frames = Array(repeating: nil, count: 10)
      self.game = Game()
    }

    /// Whether frame `number` (1 to 10) needs no more balls.
    public func isDone(frame number: Int) -> Bool { frames[number - 1]?.isComplete ?? false }

    /// Whether nothing has been bowled or skipped in this game yet.
    public var isUnstarted: Bool { frames.allSatisfy { $0 == nil } }

    /// Whether every frame is bowled (or missed).
    public var isComplete: Bool { frames.allSatisfy { $0?.isComplete ?? false } }
  }

  /// Everyone who bowled in this place; never empty for a bowler's place, empty for a vacancy.
  public internal(set) var people: [Person]
  public internal(set) var games: [PlaceGame]
  /// Whether the place's bowler has not arrived yet: their turns are skipped.
  public internal(set) var isLate: Bool

  /// Whether nobody fills the place: it scores the league's vacancy score.
  public var isVacancy: Bool { people.isEmpty }

  /// The person bowling now (the latest to come in).
  public var current: Int { people.count - 1 }

  init(slot: LeagueNight.Slot, games: Int) {
    switch slot {
    case .vacancy:
      people = []
      self.games = Array(repeating: PlaceGame(kind: .vacancy), count: games)
      isLate = false
    case .bowler(let bowler):
      people = [Person(name: bowler.name, average: bowler.average)]
      self.games = Array(repeating: PlaceGame(kind: bowler.isAbsent ? .absentee : .bowled), count: games)
      isLate = bowler.isLate
    }
  }

  /// The person who started `game` (from 1), or who bowls now if nobody has yet.
  public func person(startingGame game: Int) -> Int? {
    guard !isVacancy else { return nil }
    return games[game - 1].frames.lazy.compactMap { $0?.person }.first ?? current
  }
}

/// A frame as bowled by one place: its balls, who bowled them and on which lane.
public struct PlacedFrame: Hashable, Sendable {
  /// One delivery in the frame.
  public struct Delivery: Hashable, Sendable {
    /// The delivery's number in the night.
    public var number: Int
    public var delivery: Throw
    public var lane: PairSide
    /// Kept where it was bowled though it was bowled on the wrong lane (Rule 9).
    public var isOnWrongLane: Bool
  }

  public internal(set) var deliveries: [Delivery]
  /// The person (index in ``LineupPlace/people``) who bowled it.
  public var person: Int
  /// A late bowler's frame missed before arrival: no balls, no pins.
  public var isMissed: Bool
  /// The frame scored on its own (marks, leave); its running total is not the game's.
  public internal(set) var scored: Frame?

  /// Whether no further ball belongs to this frame.
  public var isComplete: Bool { isMissed || (scored?.isComplete ?? false) }

  /// The lane the frame was bowled on: that of its first ball.
  public var lane: PairSide? { deliveries.first?.lane }
}
