import Bowling
import CentreRecords
import Scoreboard

/// The scoresheet's page as its template `Pages/sheet.html` writes it: every value worded
/// and formatted here, the markup there.
extension ScoreSheet {
  struct Page {
    let title: String
    let facts: String
    let styles: RecordsStyle.Head
    /// A league night's teams; `nil` for a lane's session.
    let night: Night?
    let games: [Game]
    let corrections: [Correction]

    struct Night {
      let teams: [Team]
    }

    struct Team {
      let name: String
      let scratch, handicap, total: Int
      /// Whole points without a fraction; `unfinished` before the night is.
      let points: String
    }

    struct Game {
      /// Who bowled which game, and for a league's blind or vacancy whose score it is.
      let heading: String
      let totals: String
      /// The frames and deliveries; `nil` for a blind's or a vacancy's score.
      let scored: Scored?
    }

    struct Scored {
      /// Always ten: the frames not bowled yet are blank.
      let frames: [Frame]
      /// Whether a column says which lane of a pair each frame was bowled on.
      let showsLane: Bool
      let deliveries: [Delivery]
    }

    struct Frame {
      /// The frame's marks, `X`, `7 /`.
      let marks: String
      /// The running total; blank until it is known.
      let total: String
    }

    struct Delivery {
      let frame, ball: Int
      /// The lane the frame was bowled on, when the game says.
      let lane: String
      let standingBefore, knockedDown, leftStanding: String
      /// `foul`, or blank.
      let foul: String
      let pins: Int
      let mark: String
    }

    struct Correction {
      let record: Int
      let time: String
      let author, what, why: String
    }
  }

  /// The page with its styles as `styles` says.
  func page(styles: RecordsStyle.Head) -> Page {
    Page(
      title: title, facts: facts, styles: styles,
      night: night.map { night in
        Page.Night(
          teams: night.teams.map { team in
            Page.Team(
              name: team.name, scratch: team.scratch, handicap: team.withHandicap - team.scratch,
              total: team.withHandicap,
              points: team.points.map(LeagueScoreboard.points) ?? "unfinished")
          })
      },
      games: games.map(Self.game),
      corrections: corrections.map { correction in
        Page.Correction(
          record: correction.seq, time: Self.time(correction.time), author: correction.author, what: correction.what,
          why: correction.why ?? "")
      })
  }

  private static func game(_ game: StoredGame) -> Page.Game {
    let who = game.bowler.isEmpty ? (game.league?.kind == "vacancy" ? "Vacancy" : "Bowler") : game.bowler
    var heading = "\(who), game \(game.game)"
    if let league = game.league {
      heading += " (\(league.team)"
      if league.kind == "absentee" { heading += ", absent: the league's blind score" }
      if league.kind == "vacancy" { heading += ": the league's vacancy score" }
      heading += ")"
    }
    var totals = "Scratch \(game.total)"
    if let league = game.league { totals += ", handicap \(league.handicap), total \(league.withHandicap)" }
    if !game.complete { totals += " (so far: the game is not finished)" }
    return Page.Game(heading: heading, totals: totals, scored: game.scored.map(scored))
  }

  private static func scored(_ scored: StoredGame.Scored) -> Page.Scored {
    let frames = scored.game.frames
    var deliveries: [Page.Delivery] = []
    for (index, frame) in frames.enumerated() {
      for (number, ball) in frame.balls.enumerated() {
        deliveries.append(
          Page.Delivery(
            frame: frame.number, ball: number + 1, lane: index < scored.lanes.count ? scored.lanes[index] ?? "" : "",
            standingBefore: pins(ball.standingBefore),
            knockedDown: ball.delivery.knockedPins.map { pins($0) } ?? "\(ball.delivery.pinsDown) pins",
            leftStanding: pins(ball.standingAfter), foul: ball.delivery.isFoul ? "foul" : "", pins: ball.credited,
            mark: ball.mark.symbol))
      }
    }
    return Page.Scored(
      frames: (0..<10).map { index in
        guard index < frames.count else { return Page.Frame(marks: "", total: "") }
        return Page.Frame(
          marks: frames[index].balls.map(\.mark.symbol).joined(separator: " "),
          total: frames[index].cumulative.map(String.init) ?? "")
      },
      showsLane: scored.lanes.contains { $0 != nil }, deliveries: deliveries)
  }
}
