/// One bowler's average as `lane records averages --json` prints it: USBC Rule 108, total
/// pins ÷ total games with the fraction dropped, never rounded, over complete games.
///
/// Encodes as `{"bowler":"Ana","games":3,"pins":497,"average":165}`.
public struct BowlerAverage: Codable, Hashable, Sendable {
  public var bowler: String
  public var games: Int
  /// The scratch totals of the bowler's complete games, added up.
  public var pins: Int
  /// `pins / games`, the fraction dropped.
  public var average: Int

  public init(bowler: String, games: Int, pins: Int) {
    self.bowler = bowler
    self.games = games
    self.pins = pins
    self.average = games > 0 ? pins / games : 0
  }

  /// Each named bowler's average over their complete games, by name.
  ///
  /// A bowler is a name for now, the same across lanes, sessions and league nights; a lone
  /// unnamed bowler's games belong to nobody and are left out, as are a league's blind and
  /// vacancy scores, which were not bowled (docs/records.md).
  public static func averages(of games: [StoredGame]) -> [BowlerAverage] {
    var totals: [String: (games: Int, pins: Int)] = [:]
    for game in games where game.countsForAverage && !game.bowler.isEmpty {
      totals[game.bowler, default: (0, 0)].games += 1
      totals[game.bowler, default: (0, 0)].pins += game.total
    }
    return totals.keys.sorted().map { name in
      BowlerAverage(bowler: name, games: totals[name]?.games ?? 0, pins: totals[name]?.pins ?? 0)
    }
  }
}

extension BowlerAverage: CustomStringConvertible {
  /// One line for a person: `Ana: 165 (497 pins in 3 games)`.
  public var description: String { "\(bowler): \(average) (\(pins) pins in \(games) games)" }
}
