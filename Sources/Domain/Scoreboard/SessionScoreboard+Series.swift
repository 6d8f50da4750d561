import Bowling

extension SessionScoreboard {
  /// Each bowler's series for the end of a session, one line per bowler, games not yet
  /// started left out (summarised ones counted): `Ana: Series 450 in 3 games, average 150.0`. A session with one
  /// unnamed bowler gives the series line alone.
  public func renderSeries(_ session: LaneSession) -> String {
    let board = Scoreboard(colour: isColoured)
    let lines = session.series.indices.map { index in
      let line = board.render(session.series[index].statistics)
      let name = session.bowlers[index]
      return name.isEmpty ? line : "\(name): \(line)"
    }
    return lines.joined(separator: "\n")
  }
}
