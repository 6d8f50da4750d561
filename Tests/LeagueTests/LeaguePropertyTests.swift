import Bowling
import PropertyBased
import TestSupport
import Testing

@testable import League

/// Random nights played (``RandomNight`` in TestSupport draws the nights and corrections):
/// mostly deliveries on either lane, one step in five a correction.
private enum RandomPlay {
  /// Plays `script` on `night`: mostly deliveries, one step in five a correction; `check`
  /// looks at the night every 60 steps and at the end.
  static func play(_ night: LeagueNight, _ script: [Int], check: (LeaguePlay) -> Void) {
    var play = LeaguePlay(night: night)
    for (step, choice) in script.enumerated() {
      if step % 60 == 59 { check(play) }
      let before = play
      if choice % 5 == 0 {
        do {
          try play.correct(RandomNight.correction(choice / 5, in: play))
        } catch {
          #expect(play == before, "a refused correction leaves the night unchanged")
        }
        if choice % 25 == 0 { try? play.undo() }
      } else {
        deliver(choice, in: &play)
      }
    }
    check(play)
  }

  /// A legal ball for whoever is up on the lane `choice` picks: the pins it knocks are cut
  /// down until the frame accepts them.
  static func deliver(_ choice: Int, in play: inout LeaguePlay) {
    let lane: PairSide = choice % 2 == 0 ? .left : .right
    guard play.up(on: lane) != nil else { return }
    var count = choice / 2 % 11
    if choice / 22 % 4 == 0 { count = 10 }
    while count >= 0 {
      do {
        try play.deliver(Throw(.count(count), isFoul: choice / 88 % 16 == 0), on: lane)
        return
      } catch {
        count -= 1
      }
    }
    Issue.record("no count from 10 down to 0 was accepted on the \(lane) lane")
  }
}

@Suite("League nights at random")
struct LeaguePropertyTests {
  static let seeds = Gen.int(in: 0...0xFFFF).array(of: 16...16)
  static let script = Gen.int(in: 0...0xFFFF).array(of: 0...240)

  @Test("When a night is played at random, then every place's game equals single-lane scoring of its deliveries in frame order")
  func gamesAreSingleLaneScoring() async {
    await propertyCheck(input: Self.seeds, Self.script) { seeds, script in
      RandomPlay.play(RandomNight.night(seeds), script) { play in
        // The oracle: the deliveries the night says each place's frames got, gathered from
        // the delivery records (not the frames), fed to a single-lane game in frame order.
        var byFrame: [SlotID: [Int: [Int: [Throw]]]] = [:]
        for record in play.deliveries {
          guard case .placed(let slot, let game, let frame) = record.outcome else { continue }
          byFrame[slot, default: [:]][game, default: [:]][frame, default: []].append(record.delivery)
        }
        for (team, places) in play.places.enumerated() {
          for (place, lineupPlace) in places.enumerated() {
            for (index, placeGame) in lineupPlace.games.enumerated() {
              let frames = byFrame[SlotID(team: team, place: place)]?[index + 1] ?? [:]
              var deliveries: [Throw] = []
              for number in 1...10 {
                if placeGame.frames[number - 1]?.isMissed == true {
                  deliveries += [.count(0), .count(0)]
                  continue
                }
                guard let balls = frames[number] else { break }
                deliveries += balls
                if placeGame.frames[number - 1]?.isComplete != true { break }
              }
              #expect((try? Game(deliveries))?.total == placeGame.game.total)
            }
          }
        }
      }
    }
  }

  @Test("When a night is played at random, then every ball the scorer placed by turn is on Rule 106's lane, in lineup order")
  func turnsAreRule106() async {
    await propertyCheck(input: Self.seeds, Self.script) { seeds, script in
      let night = RandomNight.night(seeds)
      RandomPlay.play(night, script) { play in
        // Only a night without corrections: a correction moves balls on purpose.
        guard !play.events.contains(where: { if case .corrected = $0 { true } else { false } }) else { return }
        var last: [PairSide: (teamFrame: Int, place: Int)] = [:]
        for record in play.deliveries {
          guard case .placed(let slot, let game, let frame) = record.outcome else { continue }
          // Rule 106, worked out here rather than asked of PairOrder.
          let teamFrame = (game - 1) * 10 + frame - 1
          let start = night.teams[slot.team].startLane
          #expect(record.lane == (teamFrame % 2 == 0 ? start : start.other))
          if let previous = last[record.lane] {
            #expect(
              (previous.teamFrame, previous.place) <= (teamFrame, slot.place)
                || teamFrame > previous.teamFrame,
              "turns on a lane go forward, in lineup order within a team's frame")
          }
          last[record.lane] = (teamFrame, slot.place)
        }
      }
    }
  }

  @Test("When a night's events are replayed from the start, then the night is the same as played")
  func replayIsTheSame() async {
    await propertyCheck(input: Self.seeds, Self.script) { seeds, script in
      let night = RandomNight.night(seeds)
      RandomPlay.play(night, script) { play in
        #expect((try? LeaguePlay(night: night, events: play.events)) == play)
      }
    }
  }
}
