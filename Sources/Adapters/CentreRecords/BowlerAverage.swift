/// One bowler's average as `lane records averages --json` prints it: USBC Rule 108, total
/// pins ÷ total games with the fraction dropped, never rounded, over complete games bowled.
///
/// Encodes as `{"average":165,"bowler":"Ana","games":3,"id":"league/Tuesday/Ana","pins":497}`.
public struct BowlerAverage: Codable, Hashable, Sendable {
  /// The bowler as a person (``StoredGame/person``, or the id `lane records link` linked it to).
  public var id: String
  /// The name of the bowler's latest game.
  public var bowler: String
  public var games: Int
  /// The scratch totals of the bowler's complete games, added up.
  public var pins: Int
  /// `pins / games`, the fraction dropped.
  public var average: Int

  public init(id: String, bowler: String, games: Int, pins: Int) {
    self.id = id
    self.bowler = bowler
    self.games = games
    self.pins = pins
    self.average = games > 0 ? pins / games : 0
  }
}

extension BowlerAverage: CustomStringConvertible {
  /// One line for a person: `Ana: 165 (497 pins in 3 games; league/Tuesday/Ana)`.
  public var description: String { "\(bowler): \(average) (\(pins) pins in \(games) games; \(id))" }
}
