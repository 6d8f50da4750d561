import Bowling

/// A place in a night's lineups: the team (0 or 1) and the place in its lineup (from 0).
public struct SlotID: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var team: Int
  public var place: Int

  public init(team: Int, place: Int) {
    self.team = team
    self.place = place
  }

  public static func < (lhs: SlotID, rhs: SlotID) -> Bool {
    (lhs.team, lhs.place) < (rhs.team, rhs.place)
  }

  /// `team 1 place 2`, counting from 1 as the night file does.
  public var description: String { "team \(team + 1) place \(place + 1)" }
}

/// A correction the desk or the scorer at the pair makes to a league night, each one a
/// USBC scorer requirement. Deliveries are named by their number in the night (from 1, in the
/// order they were bowled on either lane).
public enum LeagueCorrection: Hashable, Sendable {
  /// Illegal pinfall or a misread sensor: the delivery knocked down exactly these pins.
  case pins(delivery: Int, PinSet)
  /// The delivery was a foul (`true`) or was not.
  case foul(delivery: Int, Bool)
  /// The delivery does not count and is bowled again (Rule 8).
  case deadBall(delivery: Int)
  /// Bowled out of turn: the deliveries belong to this bowler's next frame, in order.
  case move(deliveries: [Int], to: SlotID)
  /// Bowled on the wrong lane (Rule 9) by this bowler: a dead ball to be bowled again on the
  /// right lane (`rebowl`), or kept where it was bowled, credited to the bowler.
  case wrongLane(delivery: Int, bowler: SlotID, rebowl: Bool)
  /// A disputed delivery (Rule 10): the next delivery on its lane is bowled provisionally in
  /// its place; both outcomes stand until ``decide(delivery:provisionalCounts:)``.
  case provisional(delivery: Int)
  /// The league officer's ruling on a provisional ball: which outcome counts.
  case decide(delivery: Int, provisionalCounts: Bool)
  /// The bowler is not here yet: skipped until ``arrived(_:)``.
  case late(SlotID)
  /// A late bowler arrived: joins the team's frame as the league's late rule says.
  case arrived(SlotID)
  /// The bowler is absent (`true`, a blind) or present after all, from their next game.
  case absent(SlotID, Bool)
  /// The bowler's average for tonight (handicap and absentee score follow).
  case average(SlotID, Int)
  /// The bowler's handicap for tonight, or back to the league's formula (`nil`).
  case handicap(SlotID, Int?)
  /// A substitute takes the place from its next frame, with their own average.
  case substitute(SlotID, name: String, average: Int)
}

extension LeagueCorrection: CustomStringConvertible {
  /// What was asked, in a few words for the journal and the boards.
  public var description: String {
    switch self {
    case .pins(let delivery, let pins): "delivery \(delivery): pins \(pins)"
    case .foul(let delivery, let isFoul): "delivery \(delivery): \(isFoul ? "foul" : "no foul")"
    case .deadBall(let delivery): "delivery \(delivery): dead ball"
    case .move(let deliveries, let slot):
      "deliveries \(deliveries.map(String.init).joined(separator: ",")) moved to \(slot)"
    case .wrongLane(let delivery, let slot, let rebowl):
      "delivery \(delivery) bowled on the wrong lane by \(slot): \(rebowl ? "rebowled" : "kept")"
    case .provisional(let delivery): "delivery \(delivery) disputed: next ball is provisional"
    case .decide(let delivery, let provisional):
      "delivery \(delivery): \(provisional ? "the provisional ball counts" : "the first ball counts")"
    case .late(let slot): "\(slot) is late"
    case .arrived(let slot): "\(slot) arrived"
    case .absent(let slot, let absent): "\(slot) \(absent ? "absent (blind)" : "present")"
    case .average(let slot, let average): "\(slot) average \(average) tonight"
    case .handicap(let slot, let handicap):
      "\(slot) handicap \(handicap.map(String.init) ?? "by the league's formula") tonight"
    case .substitute(let slot, let name, let average): "\(name) (average \(average)) substitutes at \(slot)"
    }
  }
}
