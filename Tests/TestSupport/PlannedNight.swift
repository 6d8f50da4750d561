import Bowling
import LaneSensing
import League
import SimulatedPinSensor

/// A league night's games drawn at random, bowled on a pair as Rule 106 orders them, and the
/// two lanes' sensor traces that bowl them.
///
/// The expected scores come from single-lane games of each bowler's own deliveries, worked
/// out here without the scorer: the traces lay each team's frames out on the lanes, turn by
/// turn, and each turn has a window of its own long enough for five bowlers' frames, so a
/// team has finished a frame on one lane before it bowls the next on the other.
public struct PlannedNight: Sendable {
  public let night: LeagueNight
  /// Each place's games as each bowler bowls them, `[team][place][game]`; empty for a place
  /// that does not bowl (an absentee, a vacancy, a late bowler who never comes).
  public let games: [[[Game]]]

  /// Seconds between balls on a lane, and the window each turn of a lane has.
  static let ballSpacing = 10
  static let turnWindow = 160

  /// Draws every bowled game of `night`: strikes and spares often, so tenth frames get
  /// their bonus balls, and a foul now and then.
  public init(night: LeagueNight, using random: inout some RandomNumberGenerator) {
    self.night = night
    games = night.teams.map { team in
      team.lineup.map { slot in
        guard let bowler = slot.bowler, !bowler.isAbsent, !bowler.isLate else { return [] }
        return (0..<night.settings.games).map { _ in Self.randomGame(using: &random) }
      }
    }
  }

  private static func randomGame(using random: inout some RandomNumberGenerator) -> Game {
    var game = Game()
    while let rack = game.standing {
      let standing = rack.pins ?? .full
      let knocked =
        Int.random(in: 0..<4, using: &random) == 0
        ? standing : PinSet(standing.filter { _ in Bool.random(using: &random) })
      // Drawn from the pins standing: always possible.
      try! game.record(Throw(.pins(knocked), isFoul: Int.random(in: 0..<25, using: &random) == 0))
    }
    return game
  }

  /// The two lanes' scripts: each lane's turns in Rule 106's order, every bowler's frame in
  /// lineup order, a fresh rack raised after each frame.
  public var scripts: (left: SensorScript, right: SensorScript) {
    (script(for: .left), script(for: .right))
  }

  /// The two lanes' traces, as `lane simulate --league` reads them.
  public var traces: (left: String, right: String) {
    (Self.text(of: script(for: .left)), Self.text(of: script(for: .right)))
  }

  private func script(for lane: PairSide) -> SensorScript {
    var script = SensorScript(standing: .full).snapshot(.full, at: .zero)
    var deck = PinSet.full
    for turn in 0..<(night.settings.games * 10) {
      // Rule 106 worked out here: on its starting lane a team bowls its even team frames.
      let team = night.teams.firstIndex { ($0.startLane == lane) == turn.isMultiple(of: 2) } ?? 0
      let (game, frame) = (turn / 10, turn % 10 + 1)
      var time = Duration.seconds(1 + turn * Self.turnWindow)
      for place in games[team].indices where !games[team][place].isEmpty {
        let balls = games[team][place][game].frames[frame - 1].balls
        for (index, ball) in balls.enumerated() {
          script = script.ball(at: time)
          if ball.delivery.isFoul { script = script.foul(at: time + .milliseconds(100)) }
          let knocked = ball.delivery.knockedPins ?? .empty
          script = script.pins(knocked, fallAt: time + .milliseconds(200))
          deck = deck.subtracting(knocked)
          // The rack for the next ball of the frame, or a fresh one for the next frame.
          let next = index + 1 < balls.count ? balls[index + 1].standingBefore.pins ?? .full : .full
          if next != deck {
            script = script.cycleOn(at: time + .seconds(4))
              .pins(next.subtracting(deck), riseAt: time + .seconds(5))
              .cycleOff(at: time + .seconds(6))
            deck = next
          }
          time += .seconds(Self.ballSpacing)
        }
      }
    }
    return script
  }

  private static func text(of script: SensorScript) -> String {
    var writer = TraceWriter(to: "")
    for case .event(let event) in script.readings { try! writer.write(event) }
    return writer.output
  }
}
