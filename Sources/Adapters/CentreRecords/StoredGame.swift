import Bowling
import LaneBridge

/// One game as `lane records games --json` prints it: whose, where, and every frame's
/// deliveries, folded from the stored journal records of its lane's session.
///
/// Encodes as `{"lane":"lane1","session":"…","bowler":"Ana","game":1,"total":171,
/// "complete":true,"frames":[{"rolls":[7,3],"cumulative":19,"marks":["7","/"],
/// "splits":[false,false]},…]}`; the frames are `lane simulate --json`'s (``GameReport``).
public struct StoredGame: Codable, Hashable, Sendable {
  public var lane: String
  public var session: String
  /// The bowler's name as the session started with it; empty for a lone unnamed bowler.
  public var bowler: String
  /// The bowler's game number in the session, from 1.
  public var game: Int
  /// The scratch score so far: the last running total that can be computed.
  public var total: Int
  public var complete: Bool
  /// The frames bowled, each with its deliveries' credited pins.
  public var frames: [GameReport.Frame]
  /// A league night's game only (`nil`, and left out of the JSON, for open play).
  public var league: League?
  /// The game as scored, every ball with the pins set before and left after it, and for a
  /// league night each frame's lane; for the scoresheet, not in the JSON.
  public var scored: Scored?

  /// A game's balls and lanes, as the scoresheet shows them.
  public struct Scored: Hashable, Sendable {
    public var game: Game
    /// Each frame's lane (`left`/`right` on a night), `nil` on a lane's own session.
    public var lanes: [String?]
  }

  enum CodingKeys: String, CodingKey {
    case lane, session, bowler, game, total, complete, frames, league
  }

  /// What a league night adds to a game.
  public struct League: Codable, Hashable, Sendable {
    /// The league's name, from the night file.
    public var name: String
    public var team: String
    public var handicap: Int
    /// Scratch plus handicap.
    public var withHandicap: Int
    /// How it scored: `bowled`, `absentee` (average less the league's offset: a blind) or
    /// `vacancy` (the league's vacancy score, with no bowler).
    public var kind: String

    public init(name: String, team: String, handicap: Int, withHandicap: Int, kind: String) {
      self.name = name
      self.team = team
      self.handicap = handicap
      self.withHandicap = withHandicap
      self.kind = kind
    }
  }

  public init(
    lane: String, session: String, bowler: String, game: Int, total: Int, complete: Bool,
    frames: [GameReport.Frame], league: League? = nil, scored: Scored? = nil
  ) {
    self.lane = lane
    self.session = session
    self.bowler = bowler
    self.game = game
    self.total = total
    self.complete = complete
    self.frames = frames
    self.league = league
    self.scored = scored
  }

  /// Whose game it is, until the desk links the id to another (`lane records link`): a league
  /// bowler is one person across nights and lanes, `league/LEAGUE/NAME`; an open-play name
  /// belongs to its session, `session/LANE/SESSION/NAME`; a vacancy is nobody's (empty).
  public var person: String {
    if let league {
      bowler.isEmpty ? "" : "league/\(league.name)/\(bowler)"
    } else {
      "session/\(lane)/\(session)/\(bowler)"
    }
  }

  /// Whether its pins count toward the bowler's average: a complete game bowled frame by
  /// frame, not a blind's or a vacancy's score (USBC Rule 108 counts games bowled).
  public var countsForAverage: Bool { complete && (league?.kind ?? "bowled") == "bowled" }
}

extension StoredGame: CustomStringConvertible {
  /// One line for a person: `lane1 2026-11-27T01:02:03Z Ana game 1: 171`, `so far` while
  /// the game is open.
  public var description: String {
    let who = bowler.isEmpty ? "" : " \(bowler)"
    let night = league.map { league in
      " (\(league.name), \(league.team)\(league.kind == "bowled" ? "" : ", \(league.kind)"); with handicap \(league.withHandicap))"
    } ?? ""
    return "\(lane) \(session)\(who) game \(game): \(total)\(complete ? "" : " so far")\(night)"
  }
}
