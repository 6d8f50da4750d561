extension LeagueCommand {
  /// A command's first word, one for each ``LeagueCorrection`` case and undo.
  public enum Verb: String, CaseIterable, Hashable, Sendable {
    case pins
    case foul
    case noFoul = "no-foul"
    case deadBall = "dead-ball"
    case move
    case wrongLane = "wrong-lane"
    case provisional
    case decide
    case late
    case arrived
    case absent
    case present
    case average
    case handicap
    case substitute
    case undo

    /// The verb a typed word names: its own spelling or a short one (`dead`, `sub`), in any
    /// case; `nil` for any other word.
    public init?(word: String) {
      let lowered = word.lowercased()
      switch lowered {
      case "dead": self = .deadBall
      case "sub": self = .substitute
      default: self.init(rawValue: lowered)
      }
    }

    /// The command's form: `move D,D to BOWLER`.
    public var form: String {
      switch self {
      case .pins: "pins D 1,2,4 (- for none, X for all ten)"
      case .foul: "foul D"
      case .noFoul: "no-foul D"
      case .deadBall: "dead-ball D (or dead D)"
      case .move: "move D,D to BOWLER"
      case .wrongLane: "wrong-lane D BOWLER rebowl|keep"
      case .provisional: "provisional D"
      case .decide: "decide D provisional|first"
      case .late: "late BOWLER"
      case .arrived: "arrived BOWLER"
      case .absent: "absent BOWLER"
      case .present: "present BOWLER"
      case .average: "average BOWLER N"
      case .handicap: "handicap BOWLER N|formula"
      case .substitute: "substitute BOWLER NAME AVERAGE (or sub …)"
      case .undo: "undo"
      }
    }

    /// One command of this form, for an error to show.
    public var example: String {
      switch self {
      case .pins: "pins 12 1,2,4"
      case .foul: "foul 12"
      case .noFoul: "no-foul 12"
      case .deadBall: "dead-ball 12"
      case .move: "move 12,13 to Ana"
      case .wrongLane: "wrong-lane 12 Ana rebowl"
      case .provisional: "provisional 12"
      case .decide: "decide 12 provisional"
      case .late: "late 1.2"
      case .arrived: "arrived Ana"
      case .absent: "absent Ana"
      case .present: "present Ana"
      case .average: "average Ana 165"
      case .handicap: "handicap Ana 20"
      case .substitute: "substitute 1.2 Zoe 150"
      case .undo: "undo"
      }
    }
  }
}
