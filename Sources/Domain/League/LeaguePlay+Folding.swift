import Bowling

extension LeaguePlay {
  /// What the night's delivery-naming corrections say, gathered from every event before the
  /// night is folded, since a correction names a delivery bowled before it (rule 3).
  struct Amendments: Hashable, Sendable {
    /// The deliveries as bowled, by number (index 0 is delivery 1).
    var bowled: [Throw] = []
    var pins: [Int: PinSet] = [:]
    var foul: [Int: Bool] = [:]
    /// Dead balls and wrong-lane balls bowled again: they do not count.
    var void: Set<Int> = []
    /// Where moved and kept wrong-lane deliveries belong.
    var target: [Int: SlotID] = [:]
    var onWrongLane: Set<Int> = []
    /// Each provisional ball's disputed delivery.
    var provisionalOf: [Int: Int] = [:]
    /// The ruling on each disputed delivery: whether its provisional ball counts.
    var ruling: [Int: Bool] = [:]

    init() {}

    init(gathering events: [Event]) {
      var lanes: [PairSide] = []
      var awaiting: [PairSide: Int] = [:]
      for event in events {
        switch event {
        case .delivered(let lane, let delivery):
          bowled.append(delivery)
          lanes.append(lane)
          if let disputed = awaiting.removeValue(forKey: lane) { provisionalOf[bowled.count] = disputed }
        case .corrected(let correction):
          switch correction {
          case .pins(let number, let set): pins[number] = set
          case .foul(let number, let isFoul): foul[number] = isFoul
          case .deadBall(let number): void.insert(number)
          case .move(let numbers, let slot): for number in numbers { target[number] = slot }
          case .wrongLane(let number, let slot, let rebowl):
            if rebowl {
              void.insert(number)
            } else {
              target[number] = slot
              onWrongLane.insert(number)
            }
          case .provisional(let number): awaiting[lanes[number - 1]] = number
          case .decide(let number, let provisionalCounts): ruling[number] = provisionalCounts
          case .late, .arrived, .absent, .average, .handicap, .substitute: break
          }
        }
      }
    }

    /// Delivery `number`, `bowled` as it was, with its pins and foul corrections.
    func corrected(_ bowled: Throw, number: Int) -> Throw {
      var delivery = bowled
      if let set = pins[number] { delivery.pinfall = .pins(set) }
      if let isFoul = foul[number] { delivery.isFoul = isFoul }
      return delivery
    }

    /// What counts for delivery `number`: itself corrected, or its provisional ball when
    /// the ruling says that one counts.
    func counting(_ bowled: Throw, number: Int) -> Throw {
      if ruling[number] == true,
        let provisional = provisionalOf.first(where: { $0.value == number })?.key,
        provisional <= self.bowled.count
      {
        return corrected(self.bowled[provisional - 1], number: provisional)
      }
      return corrected(bowled, number: number)
    }
  }

  /// The night with `events` folded from the start (rule 3).
  static func replayed(night: LeagueNight, events: [Event]) throws(LeagueError) -> LeaguePlay {
    var play = LeaguePlay(night: night)
    play.amendments = Amendments(gathering: events)
    for event in events {
      switch event {
      case .delivered(let lane, let delivery):
        _ = try play.apply(delivery, on: lane, number: play.deliveries.count + 1)
      case .corrected(let correction):
        try play.applyAtItsPoint(correction)
      }
      play.events.append(event)
    }
    return play
  }

  /// Scores delivery `number`, bowled on `lane`.
  mutating func apply(_ bowled: Throw, on lane: PairSide, number: Int) throws(LeagueError) -> Outcome {
    let delivery = amendments.counting(bowled, number: number)
    func record(_ outcome: Outcome) -> Outcome {
      deliveries.append(DeliveryRecord(lane: lane, delivery: delivery, outcome: outcome))
      return outcome
    }
    if let disputed = awaitingProvisional.removeValue(forKey: lane) {
      amendments.provisionalOf[number] = disputed
      return record(amendments.ruling[disputed] == nil ? .provisional(of: disputed) : .void)
    }
    if amendments.void.contains(number) { return record(.void) }
    let slot: SlotID
    let game: Int
    let frame: Int
    if let target = amendments.target[number] {
      guard let next = nextFrame(of: target) else {
        throw .refused("\(name(of: target)) has no frame left to bowl for delivery \(number)")
      }
      (slot, game, frame) = (target, next.game, next.frame)
    } else {
      guard let turn = up(on: lane) else { throw .nobodyUp(lane) }
      (slot, game, frame) = (turn.slot, turn.game, turn.frame)
    }
    try place(
      PlacedFrame.Delivery(
        number: number, delivery: delivery, lane: lane,
        isOnWrongLane: amendments.onWrongLane.contains(number)),
      in: slot, game: game, frame: frame)
    for side in PairSide.allCases {
      firstOpenTurn[side] = firstTurnUp(on: side)?.index ?? order.turnsPerLane
    }
    return record(.placed(slot, game: game, frame: frame))
  }

  /// Adds `delivery` to a place's frame and scores the frame and the game again (rule 2).
  private mutating func place(
    _ delivery: PlacedFrame.Delivery, in slot: SlotID, game: Int, frame: Int
  ) throws(LeagueError) {
    var placeGame = places[slot.team][slot.place].games[game - 1]
    var placed = placeGame.frames[frame - 1]
      ?? PlacedFrame(deliveries: [], person: places[slot.team][slot.place].current, isMissed: false)
    do {
      placed.scored = try PlacedFrame.score(frame: frame, placed.deliveries.map(\.delivery) + [delivery.delivery])
    } catch {
      throw .impossible(error, bowler: name(of: slot))
    }
    placed.deliveries.append(delivery)
    placeGame.frames[frame - 1] = placed
    if placeGame.game.nextBall == BallPosition(frame: frame, ball: placed.deliveries.count),
      placeGame.frames[frame...].allSatisfy({ $0 == nil })
    {
      // The ball the game expects next, with nothing bowled after it: recorded as on one lane.
      do {
        try placeGame.game.record(delivery.delivery)
      } catch {
        preconditionFailure("a ball its frame accepts is accepted by its game")
      }
    } else {
      placeGame.rescore()
    }
    places[slot.team][slot.place].games[game - 1] = placeGame
  }

  /// The frame `slot` bowls on the turn of its `game`'s `frame`, or `nil` when it has
  /// nothing to bowl there (rule 1).
  func frameToBowl(_ slot: SlotID, game: Int, frame: Int) -> Int? {
    let place = places[slot.team][slot.place]
    guard !place.isVacancy, !place.isLate else { return nil }
    let placeGame = place.games[game - 1]
    guard placeGame.kind == .bowled else { return nil }
    if let before = placeGame.makeUpBefore {
      // Owed frames are made up on the turn the bowler arrived in, not on their own turns.
      if frame < before { return nil }
      if let owed = (1..<before).first(where: { !placeGame.isDone(frame: $0) }) { return owed }
    }
    return placeGame.isDone(frame: frame) ? nil : frame
  }

  /// The earliest frame `slot` still has to bowl, for a delivery moved to it.
  func nextFrame(of slot: SlotID) -> (game: Int, frame: Int)? {
    let place = places[slot.team][slot.place]
    guard !place.isVacancy else { return nil }
    for (index, placeGame) in place.games.enumerated() where placeGame.kind == .bowled {
      if let frame = (1...10).first(where: { !placeGame.isDone(frame: $0) }) {
        return (index + 1, frame)
      }
    }
    return nil
  }

  /// The team frame a team is bowling: the earliest one where a bowler who is here has a
  /// frame to finish, or `nil` once the team has bowled its night.
  func position(ofTeam team: Int) -> PairOrder.TeamFrame? {
    for teamFrame in 0..<order.turnsPerLane {
      let game = teamFrame / 10 + 1
      let frame = teamFrame % 10 + 1
      for place in places[team].indices
      where frameToBowl(SlotID(team: team, place: place), game: game, frame: frame) != nil {
        return PairOrder.TeamFrame(team: team, game: game, frame: frame)
      }
    }
    return nil
  }
}

extension LineupPlace.PlaceGame {
  /// Scores the game again from its frames in order up to the first gap (rule 2); a missed
  /// frame counts as two balls that knock nothing down.
  mutating func rescore() {
    var deliveries: [Throw] = []
    for frame in frames {
      guard let frame else { break }
      if frame.isMissed {
        deliveries += [.count(0), .count(0)]
      } else {
        deliveries += frame.deliveries.map(\.delivery)
      }
      if !frame.isComplete { break }
    }
    do {
      game = try Game(deliveries)
    } catch {
      preconditionFailure("frames that each score on their own score as a game")
    }
  }
}

extension PlacedFrame {
  /// Frame `number` scored on its own: the pins set for each of its balls depend only on
  /// the frame, so it is scored after strikes in the frames before it.
  static func score(frame number: Int, _ deliveries: [Throw]) throws(ScoringError) -> Frame? {
    try game(frame: number, deliveries).frames.last
  }

  /// A game of strikes up to frame `number`, then `deliveries` in it.
  static func game(frame number: Int, _ deliveries: [Throw]) throws(ScoringError) -> Game {
    var game = leadIns[number - 1]
    for delivery in deliveries { try game.record(delivery) }
    return game
  }

  /// Games of 0 to 9 strikes, to score a frame after.
  private static let leadIns: [Game] = (0..<10).map { strikes in
    do {
      return try Game(Array(repeating: .knocked(.full), count: strikes))
    } catch {
      preconditionFailure("strikes are legal first balls")
    }
  }
}
