import Bowling

extension Scoreboard {
  /// One line of a game's statistics, as printed under its board:
  /// `Strikes 3, spares 2, opens 4, splits 1 (1 converted), first-ball average 7.8`.
  public func render(_ statistics: GameStatistics) -> String {
    let average = statistics.firstBallAverage.map(Self.tenths) ?? "none yet"
    return "Strikes \(statistics.strikes), spares \(statistics.spares), "
      + "opens \(statistics.opens), splits \(statistics.splits) "
      + "(\(statistics.splitConversions) converted), first-ball average \(average)"
  }

  /// One line for a series: `Series 450 in 3 games, average 150.0`; unfinished games are
  /// named and left out of the average.
  public func render(_ series: SeriesStatistics) -> String {
    let games = series.games == 1 ? "1 game" : "\(series.games) games"
    let unfinished = series.games - series.completeGames
    let note = unfinished == 0 ? "" : " (\(unfinished) unfinished)"
    let average = series.average.map(Self.tenths) ?? "none until a game is finished"
    let total = style.apply(.bold, to: "Series \(series.total)")
    return "\(total) in \(games)\(note), average \(average)"
  }

  private var style: TextStyle { TextStyle(isEnabled: isColoured) }

  /// A value with one decimal, `7.8`, without Foundation's formatters.
  static func tenths(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
