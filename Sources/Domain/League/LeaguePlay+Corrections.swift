import Bowling

extension LeaguePlay {
  /// Refuses a correction that names what the night does not have.
  func check(_ correction: LeagueCorrection) throws(LeagueError) {
    func delivery(_ number: Int) throws(LeagueError) -> DeliveryRecord {
      guard (1...max(deliveries.count, 1)).contains(number), number <= deliveries.count else {
        throw .noSuchDelivery(number)
      }
      return deliveries[number - 1]
    }
    func bowlerPlace(_ slot: SlotID) throws(LeagueError) {
      guard places.indices.contains(slot.team), places[slot.team].indices.contains(slot.place) else {
        throw .noSuchSlot(slot)
      }
      guard !places[slot.team][slot.place].isVacancy else {
        throw .refused("\(slot) is a vacancy: nobody bowls there")
      }
    }
    switch correction {
    case .pins(let number, _), .foul(let number, _), .deadBall(let number):
      _ = try delivery(number)
    case .move(let numbers, let slot):
      guard !numbers.isEmpty else { throw .refused("name the deliveries to move") }
      for number in numbers { _ = try delivery(number) }
      try bowlerPlace(slot)
    case .wrongLane(let number, let slot, _):
      _ = try delivery(number)
      try bowlerPlace(slot)
    case .provisional(let number):
      let disputed = try delivery(number)
      guard case .placed = disputed.outcome else {
        throw .refused("delivery \(number) does not count, so it cannot be disputed")
      }
      guard awaitingProvisional[disputed.lane] == nil else {
        throw .refused("a provisional ball is already awaited on the \(disputed.lane) lane")
      }
    case .decide(let number, _):
      _ = try delivery(number)
      guard amendments.provisionalOf.values.contains(number) else {
        throw .refused("delivery \(number) has no provisional ball bowled for it")
      }
      guard amendments.ruling[number] == nil else {
        throw .refused("delivery \(number) is ruled on already; undo the ruling to change it")
      }
    case .late(let slot), .arrived(let slot), .absent(let slot, _), .average(let slot, _),
      .handicap(let slot, _), .substitute(let slot, _, _):
      try bowlerPlace(slot)
    }
  }

  /// Applies a correction about a bowler at the point it was made (rule 3); those naming a
  /// delivery were gathered before the fold and need nothing here but a provisional's wait.
  mutating func applyAtItsPoint(_ correction: LeagueCorrection) throws(LeagueError) {
    // A bowler who comes, goes or makes up frames can reopen turns already passed.
    firstOpenTurn = [:]
    switch correction {
    case .pins, .foul, .deadBall, .move, .wrongLane, .decide:
      break
    case .provisional(let number):
      awaitingProvisional[deliveries[number - 1].lane] = number
    case .late(let slot):
      let place = places[slot.team][slot.place]
      guard place.games.allSatisfy({ $0.isUnstarted || $0.isComplete }) else {
        throw .refused("\(name(of: slot)) has a game in progress; mark late only before a game starts")
      }
      places[slot.team][slot.place].isLate = true
    case .arrived(let slot):
      try arrive(slot)
    case .absent(let slot, let isAbsent):
      var place = places[slot.team][slot.place]
      let unstarted = place.games.indices.filter { place.games[$0].isUnstarted }
      guard !unstarted.isEmpty else {
        throw .refused("\(name(of: slot)) has started every game; absence applies to games not started")
      }
      for index in unstarted { place.games[index].kind = isAbsent ? .absentee : .bowled }
      if !isAbsent { place.isLate = false }
      places[slot.team][slot.place] = place
    case .average(let slot, let average):
      guard (0...300).contains(average) else { throw .refused("an average must be 0 to 300") }
      places[slot.team][slot.place].people[places[slot.team][slot.place].current].average = average
    case .handicap(let slot, let handicap):
      if let handicap, !(-300...300).contains(handicap) {
        throw .refused("a handicap must be -300 to 300")
      }
      let current = places[slot.team][slot.place].current
      places[slot.team][slot.place].people[current].handicapOverride = handicap
    case .substitute(let slot, let name, let average):
      try substitute(slot, name: name, average: average)
    }
  }

  /// A late bowler joins the frame their team is bowling, as the league's late rule says.
  private mutating func arrive(_ slot: SlotID) throws(LeagueError) {
    guard places[slot.team][slot.place].isLate else {
      throw .refused("\(name(of: slot)) is not marked late")
    }
    guard let now = position(ofTeam: slot.team) else {
      throw .refused("\(night.teams[slot.team].name) has bowled the whole night")
    }
    var place = places[slot.team][slot.place]
    place.isLate = false
    // Games the team finished before the bowler came are the absentee's.
    for index in 0..<(now.game - 1) where place.games[index].isUnstarted && place.games[index].kind == .bowled {
      place.games[index].kind = .absentee
    }
    var game = place.games[now.game - 1]
    if game.kind == .bowled && game.isUnstarted {
      if now.frame > night.settings.lateUntilFrame {
        game.kind = .absentee
      } else if night.settings.lateArrival == .makeUp {
        game.makeUpBefore = now.frame
      } else {
        for frame in 1..<now.frame {
          game.frames[frame - 1] = PlacedFrame(deliveries: [], person: place.current, isMissed: true)
        }
        game.rescore()
      }
    }
    place.games[now.game - 1] = game
    places[slot.team][slot.place] = place
  }

  /// A substitute takes the place between frames.
  private mutating func substitute(_ slot: SlotID, name: String, average: Int) throws(LeagueError) {
    guard !name.isEmpty, name.count <= 100 else { throw .refused("a substitute's name is 1 to 100 characters") }
    guard (0...300).contains(average) else { throw .refused("an average must be 0 to 300") }
    guard !places[slot.team].contains(where: { $0.people.contains { $0.name == name } }) else {
      throw .refused("\(name) has bowled for \(night.teams[slot.team].name) tonight already")
    }
    var place = places[slot.team][slot.place]
    guard !place.games.contains(where: { $0.frames.contains { $0.map { !$0.isComplete } ?? false } }) else {
      throw .refused("\(self.name(of: slot)) is in the middle of a frame; substitute between frames")
    }
    place.people.append(LineupPlace.Person(name: name, average: average))
    place.isLate = false
    for index in place.games.indices where place.games[index].isUnstarted && place.games[index].kind == .absentee {
      place.games[index].kind = .bowled
    }
    places[slot.team][slot.place] = place
  }
}
