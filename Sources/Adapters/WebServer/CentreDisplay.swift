import Centre
import Foundation
import Logging
import Synchronization
import WebBoard

/// A centre's lanes on the web boards (`lane display`): each event and status the broker
/// brings is folded into the lanes' boards (``CentreBoards``) and published to the
/// ``BoardHub`` the server reads, without waiting for any page. A league night's record
/// from either lane of a pair moves both lanes' boards, which carry the night
/// (``LaneBoard/night``): the hub feeds each pair's night to its lanes' pages.
public final class CentreDisplay: Sendable {
  public let hub: BoardHub
  private let boards = Mutex(CentreBoards())
  /// Told of each refused record, for the operator.
  private let logger: Logger
  /// The wall clock, in milliseconds since 1970, that stamps each record's arrival for
  /// measuring how late pages show it.
  private let clock: @Sendable () -> Double

  public init(
    hub: BoardHub, logger: Logger,
    clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 * 1_000 }
  ) {
    self.hub = hub
    self.logger = logger
    self.clock = clock
  }

  /// Shows one of a lane's events, taken in seq order and once; a refused one is reported.
  public func show(_ event: Payload.Event) {
    // Latency is counted from the lane's publish when the lane says when that was.
    let arrivedAt = event.sentAt ?? clock()
    let outcome = boards.withLock { boards -> Result<CentreBoards.Change, CentreBoards.Refusal> in
      do throws(CentreBoards.Refusal) {
        return .success(try boards.receive(event, arrivedAt: arrivedAt))
      } catch {
        return .failure(error)
      }
    }
    switch outcome {
    case .success(let change):
      hub.publish(change.update, games: change.games)
      // A league night's record moves both lanes of its pair on.
      if let other = change.otherLane { hub.publish(other) }
    case .failure(let refusal): logger.notice("\(refusal)")
    }
  }

  /// Shows whether a lane is online and the faults it sees.
  public func show(_ status: Payload.Status) {
    guard let change = boards.withLock({ $0.receive(status) }) else { return }
    hub.publish(change.update, games: change.games)
  }
}
