import Bowling
import Foundation
import LaneBridge
import WebBoard

/// The lane on the web boards: each event folded into the lane's board and published to
/// the ``BoardHub`` the server reads, without waiting for any page.
public struct WebDisplay: LaneDisplay {
  public let hub: BoardHub
  private var feed: BoardFeed
  /// The wall clock, in milliseconds since 1970, that stamps each update for measuring
  /// how late pages show it.
  private let clock: @Sendable () -> Double

  public init(
    lane: String, hub: BoardHub,
    clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 * 1_000 }
  ) {
    self.hub = hub
    self.clock = clock
    feed = BoardFeed(lane: lane)
    hub.publish(BoardUpdate(board: feed.board))
  }

  public mutating func show(_ event: LaneEvent, in session: LaneSession) {
    let update = feed.apply(event, in: session, publishedAt: clock())
    // The finished games change only with a game's end or a correction; the first event
    // brings those of a resumed session.
    let games: LaneGames? =
      switch event.kind {
      case .gameCompleted, .corrected, .status:
        LaneGames(lane: feed.lane, session: session, sequence: event.sequence)
      default: nil
      }
    hub.publish(update, games: games)
  }
}
