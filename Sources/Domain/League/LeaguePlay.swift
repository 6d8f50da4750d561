import Bowling

/// A league night on a pair as a pure fold: deliveries on either lane and the desk's
/// corrections, applied in order, score every bowler's game across both lanes.
///
/// Rules, each with its reason (the order of turns is ``PairOrder``'s):
/// 1. A delivery on a lane goes to the bowler up there: the first place, in the lane's order
///    of turns, whose frame of that turn is not finished. A bowler who is late, absent or a
///    vacancy has no turns. The scorer follows the order the league bowls in; a bowler who
///    bowled out of turn is put right with ``LeagueCorrection/move(deliveries:to:)``.
/// 2. A frame is scored on its own as it is bowled (the pins set for each ball depend only on
///    the frame), and a bowler's game is single-lane scoring of their frames in frame order,
///    so strike and spare bonuses cross lanes exactly as on one lane.
/// 3. A correction that names a delivery (pins, foul, dead ball, move, wrong lane, a ruling
///    on a provisional ball) changes that delivery where it was bowled, and the night is
///    scored again from the start: later deliveries may go to other bowlers, as they would
///    have had the scorer known. A correction about a bowler (late, arrived, absent, average,
///    handicap, substitute) acts from the point it was made.
/// 4. A correction that would make any ball impossible is refused, and the night is unchanged.
/// 5. ``undo()`` takes back the latest correction, scored again the same way.
public struct LeaguePlay: Hashable, Sendable {
  /// What happened at the pair, in order.
  public enum Event: Hashable, Sendable {
    case delivered(PairSide, Throw)
    case corrected(LeagueCorrection)
  }

  /// Where a delivery went.
  public enum Outcome: Hashable, Sendable {
    /// Credited to a place's game and frame.
    case placed(SlotID, game: Int, frame: Int)
    /// Does not count: a dead ball, or a wrong-lane ball bowled again, or the losing side
    /// of a provisional ruling.
    case void
    /// Bowled provisionally in the place of this delivery, awaiting the ruling.
    case provisional(of: Int)
  }

  /// A delivery as the night knows it.
  public struct DeliveryRecord: Hashable, Sendable {
    public var lane: PairSide
    /// The delivery with any pins or foul correction.
    public var delivery: Throw
    public var outcome: Outcome
  }

  /// Who bowls next on a lane.
  public struct Turn: Hashable, Sendable {
    public var slot: SlotID
    public var game: Int
    public var frame: Int
  }

  public let night: LeagueNight
  public let order: PairOrder
  /// Every event so far, in order: the night's record.
  public internal(set) var events: [Event] = []
  /// The lineups as played, team by team in the night's order.
  public internal(set) var places: [[LineupPlace]]
  /// Every delivery of the night by number (the first is number 1, at index 0).
  public internal(set) var deliveries: [DeliveryRecord] = []
  /// What ``events``' delivery-naming corrections say, gathered before folding.
  var amendments = Amendments()
  /// A disputed delivery on each lane whose provisional ball is the lane's next.
  var awaitingProvisional: [PairSide: Int] = [:]
  /// Each lane's first turn that may be unfinished: every turn before it is bowled. A ball
  /// only finishes frames, so it moves forward; a correction about a bowler sets it back.
  var firstOpenTurn: [PairSide: Int] = [:]

  /// The night before its first ball.
  ///
  /// - Precondition: `night.problems` is empty.
  public init(night: LeagueNight) {
    precondition(night.problems.isEmpty, "a league night is played only once its file is checked")
    self.night = night
    self.order = PairOrder(night: night)
    self.places = night.teams.map { team in
      team.lineup.map { LineupPlace(slot: $0, games: night.settings.games) }
    }
  }

  /// The night with these events applied in order.
  ///
  /// - Throws: ``LeagueError`` for the first event that cannot be applied.
  public init(night: LeagueNight, events: [Event]) throws(LeagueError) {
    self.init(night: night)
    for event in events {
      switch event {
      case .delivered(let lane, let delivery): try deliver(delivery, on: lane)
      case .corrected(let correction): try correct(correction)
      }
    }
  }

  /// Records a delivery bowled on `lane`.
  ///
  /// - Returns: Where it went.
  /// - Throws: ``LeagueError/nobodyUp(_:)`` when the night there is over, or
  ///   ``LeagueError/impossible(_:bowler:)``; the night is unchanged.
  @discardableResult
  public mutating func deliver(_ delivery: Throw, on lane: PairSide) throws(LeagueError) -> Outcome {
    let outcome = try apply(delivery, on: lane, number: deliveries.count + 1)
    amendments.bowled.append(delivery)
    events.append(.delivered(lane, delivery))
    return outcome
  }

  /// Makes a correction, scoring the night again (rules 3 and 4).
  ///
  /// - Throws: ``LeagueError`` saying why it cannot be made; the night is unchanged.
  public mutating func correct(_ correction: LeagueCorrection) throws(LeagueError) {
    try check(correction)
    self = try Self.replayed(night: night, events: events + [.corrected(correction)])
  }

  /// Takes back the latest correction (rule 5).
  ///
  /// - Throws: ``LeagueError/nothingToUndo``, or why the night cannot be scored without it.
  public mutating func undo() throws(LeagueError) {
    guard let latest = events.lastIndex(where: { if case .corrected = $0 { true } else { false } })
    else { throw .nothingToUndo }
    var kept = events
    kept.remove(at: latest)
    self = try Self.replayed(night: night, events: kept)
  }

  /// Who bowls next on `lane`, or `nil` once every turn there is bowled (rule 1).
  public func up(on lane: PairSide) -> Turn? {
    firstTurnUp(on: lane)?.turn
  }

  /// The first unfinished turn on `lane` and its index in the lane's order.
  func firstTurnUp(on lane: PairSide) -> (index: Int, turn: Turn)? {
    for index in (firstOpenTurn[lane] ?? 0)..<order.turnsPerLane {
      let teamFrame = order.turn(index, on: lane)
      for place in places[teamFrame.team].indices {
        let slot = SlotID(team: teamFrame.team, place: place)
        if let frame = frameToBowl(slot, game: teamFrame.game, frame: teamFrame.frame) {
          return (index, Turn(slot: slot, game: teamFrame.game, frame: frame))
        }
      }
    }
    return nil
  }

  /// Whether every game of every place is finished.
  public var isComplete: Bool {
    places.indices.allSatisfy { team in
      places[team].indices.allSatisfy { place in
        (1...night.settings.games).allSatisfy { gameTotal(SlotID(team: team, place: place), game: $0).isComplete }
      }
    }
  }

  /// The place's name as a board shows it: the person bowling now, or `Vacancy`.
  public func name(of slot: SlotID) -> String {
    places[slot.team][slot.place].people.last?.name ?? "Vacancy"
  }
}

extension LeaguePlay {
  /// The pins set for the next ball on `lane`: those its frame left, a fresh rack for a new
  /// frame, or for a provisional ball the rack the disputed ball met; `nil` once the night
  /// there is over.
  public func standing(on lane: PairSide) -> Rack? {
    if let disputed = awaitingProvisional[lane] {
      guard case .placed(let slot, let game, let frame) = deliveries[disputed - 1].outcome,
        let placed = places[slot.team][slot.place].games[game - 1].frames[frame - 1]
      else { return .fresh }
      let before = placed.deliveries.prefix { $0.number != disputed }.map(\.delivery)
      return Self.rack(frame: frame, after: before)
    }
    guard let turn = up(on: lane) else { return nil }
    let placed = places[turn.slot.team][turn.slot.place].games[turn.game - 1].frames[turn.frame - 1]
    return Self.rack(frame: turn.frame, after: placed?.deliveries.map(\.delivery) ?? [])
  }

  /// The rack frame `number` sets after `deliveries`, fresh when they are not legal there.
  private static func rack(frame number: Int, after deliveries: [Throw]) -> Rack {
    (try? PlacedFrame.game(frame: number, deliveries))?.standing ?? .fresh
  }
}
