import Bowling
import Centre
import Foundation
import InMemoryLogging
import Logging
import League
import Synchronization
import TestSupport
import WebServer

/// `lane display`'s boards of a centre where lanes 7 and 8 bowl a league night as a pair and
/// lane 3 bowls a session of its own, fed in process: both lanes' records of the night
/// interleaved as the broker brings them (lane 8's a few behind lane 7's), and lane 3's.
///
/// The night is two teams of five (``PartPlayedNight``'s, with the bowler whose name is
/// markup), the balls drawn with a fixed seed, eight frames bowled on each lane.
final class DisplayedNight {
  let published: PublishedNight
  let display: CentreDisplay
  /// What the display logged not showing.
  let refused = InMemoryLogHandler()

  static let lane3 = try! LaneID("3")
  static let lane7 = try! LaneID("7")
  static let lane8 = try! LaneID("8")

  init(frames: Int = 8) throws {
    var random = SeededRandom(seed: 106)
    var published = try PublishedNight(
      PlannedNight(night: PartPlayedNight.night, using: &random), left: Self.lane7, right: Self.lane8)
    try published.bowl(frames: frames)
    self.published = published
    let refused = refused
    display = CentreDisplay(hub: BoardHub(), logger: Logger(label: "test.display") { _ in refused })
    let sevens = try published.events(on: Self.lane7)
    let eights = try published.events(on: Self.lane8)
    for index in sevens.indices {
      display.show(sevens[index])
      if index >= 3 { display.show(eights[index - 3]) }
    }
    for eight in eights.suffix(3) { display.show(eight) }
    display.show(Payload.Status(lane: Self.lane7, state: .online, epoch: 1, faults: ["pin 3 rose again"]))
    display.show(Payload.Status(lane: Self.lane8, state: .online, epoch: 1))
    display.show(try PublishedNight.laneSessionStart(of: ["Ed"], on: Self.lane3, session: "open"))
  }

  /// The night's board, as the pair's journal folds it.
  var board: LeagueBoard { LeagueBoard(published.play) }
}
