import Bowling
import League

/// The records of a league night's journal (format 3), written out field by field so that
/// the JSON stays what docs/operations.md documents whatever the Swift types become.
///
/// A night's start holds the night under `night` in the night file's own keys
/// (docs/league.md); a delivery is a lane's `throw` with `"lane":"left"|"right"`; a
/// correction holds the `LeagueCorrection` under `fix`, and it and an undo hold their
/// `reason`. Places are counted from 1 (`"team":1,"place":2`), as the night file and every
/// message count them.
extension JournalRecord {
  /// Why `text` cannot be the reason for a night's correction or undo, or `nil` when it can:
  /// one is required, at most ``maximumReasonLength`` characters, without control characters.
  static func reasonProblem(_ text: String) -> String? {
    if text.allSatisfy(\.isWhitespace) { return "an empty reason (say why the correction is made)" }
    if text.count > maximumReasonLength { return "a reason over \(maximumReasonLength) characters" }
    if hasControlCharacters(text) { return "a reason with control characters (a terminal escape?)" }
    return nil
  }
}

extension JournalRecord.Wire {
  /// The `event` of a night's record.
  static func event(of happened: JournalEntry.NightEvent) -> String {
    switch happened {
    case .started: "night-start"
    case .delivered: "throw"
    case .corrected: "night-correct"
    case .undone: "night-undo"
    }
  }

  /// Sets the fields of a night's record but its `event`.
  mutating func record(_ happened: JournalEntry.NightEvent) {
    switch happened {
    case .started(let played):
      night = JournalRecord.NightWire(played)
    case .delivered(let delivery, let side):
      record(delivery)
      lane = side.rawValue
    case .corrected(let correction, let why):
      fix = JournalRecord.FixWire(correction)
      reason = why
    case .undone(let why):
      reason = why
    }
  }

  /// The night's event of a `night-start`, `night-correct` or `night-undo` record.
  func decodedNightEvent() throws(JournalRecord.Problem) -> JournalEntry.NightEvent {
    switch event {
    case "night-start":
      guard let night else { throw Self.impossible("a night's start without the night") }
      return .started(try night.night())
    case "night-correct":
      guard let fix, let reason else {
        throw Self.impossible("a night's correction without its fix or reason")
      }
      return .corrected(try fix.correction(), reason: reason)
    default:
      guard let reason else { throw Self.impossible("a night's undo without its reason") }
      return .undone(reason: reason)
    }
  }

  static func side(_ text: String) throws(JournalRecord.Problem) -> PairSide {
    guard let side = PairSide(rawValue: text) else {
      throw impossible("a lane that is neither left nor right")
    }
    return side
  }
}

extension JournalRecord {
  /// A `LeagueNight` as a night's start holds it: `{"league":{...},"teams":[{...},{...}]}`.
  struct NightWire: Codable, Hashable {
    var league: SettingsWire
    var teams: [TeamWire]

    init(_ night: LeagueNight) {
      league = SettingsWire(night.settings)
      teams = night.teams.map(TeamWire.init)
    }

    /// The night, its text checked; whether it can be played is the fold's to say.
    func night() throws(Problem) -> LeagueNight {
      guard teams.count <= 2 else { throw Wire.impossible("\(teams.count) teams (a pair holds two)") }
      var decoded: [LeagueNight.Team] = []
      for team in teams { decoded.append(try team.team()) }
      return LeagueNight(settings: try league.settings(), teams: decoded)
    }
  }

  /// `LeagueSettings` in the night file's `[league]` keys, every one written.
  struct SettingsWire: Codable, Hashable {
    var name: String
    var games: Int
    var handicapBasis: Int
    var handicapPercentage: Int
    /// Left out when the league does not cap handicap.
    var handicapMax: Int?
    var handicapAllowNegative: Bool
    var absenteeOffset: Int
    /// Left out when the league sets none.
    var vacancyScore: Int?
    var pointsPerGame: Int
    var pointsPerSeries: Int
    /// `start` or `make-up`.
    var lateArrival: String
    var lateUntilFrame: Int

    enum CodingKeys: String, CodingKey {
      case name, games
      case handicapBasis = "handicap_basis"
      case handicapPercentage = "handicap_percentage"
      case handicapMax = "handicap_max"
      case handicapAllowNegative = "handicap_allow_negative"
      case absenteeOffset = "absentee_offset"
      case vacancyScore = "vacancy_score"
      case pointsPerGame = "points_per_game"
      case pointsPerSeries = "points_per_series"
      case lateArrival = "late_arrival"
      case lateUntilFrame = "late_until_frame"
    }

    init(_ settings: LeagueSettings) {
      name = settings.name
      games = settings.games
      handicapBasis = settings.handicapBasis
      handicapPercentage = settings.handicapPercentage
      handicapMax = settings.handicapMax
      handicapAllowNegative = settings.handicapAllowNegative
      absenteeOffset = settings.absenteeOffset
      vacancyScore = settings.vacancyScore
      pointsPerGame = settings.pointsPerGame
      pointsPerSeries = settings.pointsPerSeries
      lateArrival = settings.lateArrival.rawValue
      lateUntilFrame = settings.lateUntilFrame
    }

    func settings() throws(Problem) -> LeagueSettings {
      try Wire.checkName(name, what: "a league's name")
      guard let late = LeagueSettings.LateArrival(rawValue: lateArrival) else {
        throw Wire.impossible("an unknown rule for late bowlers")
      }
      return LeagueSettings(
        name: name, games: games, handicapBasis: handicapBasis,
        handicapPercentage: handicapPercentage, handicapMax: handicapMax,
        handicapAllowNegative: handicapAllowNegative, absenteeOffset: absenteeOffset,
        vacancyScore: vacancyScore, pointsPerGame: pointsPerGame, pointsPerSeries: pointsPerSeries,
        lateArrival: late, lateUntilFrame: lateUntilFrame)
    }
  }

  /// A team: `{"bowlers":[...],"name":"Pin Pals","start_lane":"left"}`.
  struct TeamWire: Codable, Hashable {
    var name: String
    var startLane: String
    var bowlers: [PlaceWire]

    enum CodingKeys: String, CodingKey {
      case name, bowlers
      case startLane = "start_lane"
    }

    init(_ team: LeagueNight.Team) {
      name = team.name
      startLane = team.startLane.rawValue
      bowlers = team.lineup.map(PlaceWire.init)
    }

    func team() throws(Problem) -> LeagueNight.Team {
      try Wire.checkName(name, what: "a team's name")
      guard bowlers.count <= LeagueNight.maximumLineup else {
        throw Wire.impossible("a lineup of \(bowlers.count) places (at most \(LeagueNight.maximumLineup))")
      }
      var lineup: [LeagueNight.Slot] = []
      for place in bowlers { lineup.append(try place.slot()) }
      return LeagueNight.Team(name: name, startLane: try Wire.side(startLane), lineup: lineup)
    }
  }

  /// A lineup place: `{"absent":false,"average":172,"late":false,"name":"Ana"}`, or
  /// `{"vacancy":true}`.
  struct PlaceWire: Codable, Hashable {
    var name: String?
    var average: Int?
    var absent: Bool?
    var late: Bool?
    var vacancy: Bool?

    init(_ slot: LeagueNight.Slot) {
      switch slot {
      case .vacancy:
        vacancy = true
      case .bowler(let bowler):
        name = bowler.name
        average = bowler.average
        absent = bowler.isAbsent
        late = bowler.isLate
      }
    }

    func slot() throws(Problem) -> LeagueNight.Slot {
      if vacancy == true {
        guard name == nil, average == nil else { throw Wire.impossible("a vacancy with a bowler in it") }
        return .vacancy
      }
      guard let name, let average else { throw Wire.impossible("a bowler without a name or average") }
      try Wire.checkName(name, what: "a bowler's name")
      return .bowler(.init(name: name, average: average, isAbsent: absent ?? false, isLate: late ?? false))
    }
  }

  /// A `LeagueCorrection`: its `kind` and the fields that kind takes (docs/operations.md).
  struct FixWire: Codable, Hashable {
    var kind: String
    var delivery: Int?
    var deliveries: [Int]?
    var pins: [Int]?
    var foul: Bool?
    /// The place's team (1 or 2) and place in the lineup (from 1).
    var team: Int?
    var place: Int?
    var rebowl: Bool?
    var provisionalCounts: Bool?
    var absent: Bool?
    var average: Int?
    /// Left out of a `handicap` fix: back to the league's formula.
    var handicap: Int?
    var name: String?

    enum CodingKeys: String, CodingKey {
      case kind, delivery, deliveries, pins, foul, team, place, rebowl, absent, average, handicap, name
      case provisionalCounts = "provisional_counts"
    }

    init(_ correction: LeagueCorrection) {
      switch correction {
      case .pins(let number, let set):
        (kind, delivery, pins) = ("pins", number, set.map(\.rawValue))
      case .foul(let number, let isFoul):
        (kind, delivery, foul) = ("foul", number, isFoul)
      case .deadBall(let number):
        (kind, delivery) = ("dead-ball", number)
      case .move(let numbers, let slot):
        (kind, deliveries) = ("move", numbers)
        setPlace(slot)
      case .wrongLane(let number, let slot, let again):
        (kind, delivery, rebowl) = ("wrong-lane", number, again)
        setPlace(slot)
      case .provisional(let number):
        (kind, delivery) = ("provisional", number)
      case .decide(let number, let counts):
        (kind, delivery, provisionalCounts) = ("decide", number, counts)
      case .late(let slot):
        kind = "late"
        setPlace(slot)
      case .arrived(let slot):
        kind = "arrived"
        setPlace(slot)
      case .absent(let slot, let isAbsent):
        (kind, absent) = ("absent", isAbsent)
        setPlace(slot)
      case .average(let slot, let value):
        (kind, average) = ("average", value)
        setPlace(slot)
      case .handicap(let slot, let value):
        (kind, handicap) = ("handicap", value)
        setPlace(slot)
      case .substitute(let slot, let substitute, let value):
        (kind, name, average) = ("substitute", substitute, value)
        setPlace(slot)
      }
    }

    private mutating func setPlace(_ slot: SlotID) {
      team = slot.team + 1
      place = slot.place + 1
    }

    func correction() throws(Problem) -> LeagueCorrection {
      switch kind {
      case "pins":
        guard let pins else { throw Wire.impossible("a pins fix without pins") }
        return .pins(delivery: try number(), try Wire.pinSet(pins))
      case "foul":
        guard let foul else { throw Wire.impossible("a foul fix without foul") }
        return .foul(delivery: try number(), foul)
      case "dead-ball": return .deadBall(delivery: try number())
      case "move":
        guard let deliveries, !deliveries.isEmpty else { throw Wire.impossible("a move without deliveries") }
        var numbers: [Int] = []
        for number in deliveries { numbers.append(try Self.checked(number)) }
        return .move(deliveries: numbers, to: try slot())
      case "wrong-lane":
        guard let rebowl else { throw Wire.impossible("a wrong-lane fix without rebowl") }
        return .wrongLane(delivery: try number(), bowler: try slot(), rebowl: rebowl)
      case "provisional": return .provisional(delivery: try number())
      case "decide":
        guard let provisionalCounts else { throw Wire.impossible("a ruling without provisional_counts") }
        return .decide(delivery: try number(), provisionalCounts: provisionalCounts)
      case "late": return .late(try slot())
      case "arrived": return .arrived(try slot())
      case "absent":
        guard let absent else { throw Wire.impossible("an absent fix without absent") }
        return .absent(try slot(), absent)
      case "average":
        guard let average else { throw Wire.impossible("an average fix without the average") }
        return .average(try slot(), average)
      case "handicap": return .handicap(try slot(), handicap)
      case "substitute":
        guard let name, let average else { throw Wire.impossible("a substitute without name or average") }
        try Wire.checkName(name, what: "a substitute's name")
        return .substitute(try slot(), name: name, average: average)
      default:
        throw Wire.impossible("an unknown kind of night correction")
      }
    }

    /// The delivery a fix names.
    private func number() throws(Problem) -> Int {
      guard let delivery else { throw Wire.impossible("a \(kind) fix without its delivery") }
      return try Self.checked(delivery)
    }

    /// The highest delivery number a record may name: far beyond any night's.
    static let maximumDelivery = 1_000_000

    private static func checked(_ number: Int) throws(Problem) -> Int {
      guard (1...maximumDelivery).contains(number) else {
        throw Wire.impossible("delivery number \(number)")
      }
      return number
    }

    /// The place a fix names, counted from 1 on the wire and from 0 in a `SlotID`.
    private func slot() throws(Problem) -> SlotID {
      guard let team, let place else { throw Wire.impossible("a \(kind) fix without its team and place") }
      guard (1...2).contains(team), (1...LeagueNight.maximumLineup).contains(place) else {
        throw Wire.impossible("team \(team) place \(place), which no night has")
      }
      return SlotID(team: team - 1, place: place - 1)
    }
  }
}
