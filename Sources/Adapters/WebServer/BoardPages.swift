/// The web boards' pages (``PageTemplate``): plain HTML, CSS and JavaScript with nothing
/// fetched from elsewhere, so they work with no internet.
///
/// The pages hold no lane data: the script reads the lane from the address, the boards
/// from the JSON and the event stream, and writes every text with `textContent`, so a
/// bowler's name is shown as typed and never read as markup.
enum BoardPages {
  /// `/lanes/<lane>`: every bowler's frames under their numbers, who is up, and the pin
  /// deck; the lane's faults are the desk's and the console's, not the bowlers'.
  static let overhead = PageTemplate.overhead.render()

  /// `/`: the desk, one row per lane (a pair bowling a league night over the centre's
  /// broker: one row for both), with links to the league night's boards when the server
  /// has one.
  static func desk(linkingLeague: Bool) -> String {
    PageTemplate.desk.render(["linkingLeague": linkingLeague])
  }

  /// `/lanes/<lane>/games`: the finished games with their statistics.
  static let games = PageTemplate.games.render()

  /// `/league/left` and `/league/right`: the overhead board above one lane of a league
  /// night's pair, drawn from `/league` (the `LeagueBoard`).
  ///
  /// It shows the game bowled on the lane now (the last once its turns are bowled): both
  /// teams, each with its game's scratch, handicap and total and its points, then every
  /// bowler's frames wherever they were bowled, under the frame numbers; a frame bowled on
  /// the pair's other lane is dimmer and tagged `L` or `R`; the bowler up on this lane is
  /// highlighted with the frame they bowl. Under the sheet, each team's games and series.
  static let leagueOverhead = PageTemplate.league.render(["follower": "league-pair.js"])

  /// `/lanes/<lane>` of `lane display` for a lane bowling a league night on a pair: the
  /// same overhead board, drawn from the night in the lane's own boards
  /// (`/lanes/<lane>/events`, ``LaneBoard/night``), the lanes named by their ids.
  ///
  /// Once the lane's board holds no night (a session of its own started) the page loads
  /// again, and the server gives it the lane's own overhead board.
  static let centreLeagueOverhead = PageTemplate.league.render(["follower": "league-lane.js"])
}
