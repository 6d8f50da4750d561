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

  public init(
    lane: String, session: String, bowler: String, game: Int, total: Int, complete: Bool,
    frames: [GameReport.Frame]
  ) {
    self.lane = lane
    self.session = session
    self.bowler = bowler
    self.game = game
    self.total = total
    self.complete = complete
    self.frames = frames
  }
}

extension StoredGame: CustomStringConvertible {
  /// One line for a person: `lane1 2026-11-27T01:02:03Z Ana game 1: 171`, `so far` while
  /// the game is open.
  public var description: String {
    let who = bowler.isEmpty ? "" : " \(bowler)"
    return "\(lane) \(session)\(who) game \(game): \(total)\(complete ? "" : " so far")"
  }
}
