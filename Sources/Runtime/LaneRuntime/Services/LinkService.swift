import CentreLink
import LaneBridge
import Logging
import ServiceLifecycle

/// A lane's centre link as a service: started (connected or refused) before the group runs,
/// it publishes until the group stops it, then waits for the desk's acknowledgement of
/// everything the lane journalled (at most ``LaneLink/stoppingWait``) and goes offline,
/// telling the operator what the desk lacks.
///
/// Listed before the lane's loop, so it stops after it: the loop's last records are
/// published first.
public struct LinkService: Service {
  public let link: LaneLink
  /// Whether the records are in a journal, published when the lane starts again.
  public let journalled: Bool
  public let logger: Logger

  public init(link: LaneLink, journalled: Bool, logger: Logger) {
    self.link = link
    self.journalled = journalled
    self.logger = logger
  }

  public func run() async {
    // Cancelled (a second signal, a failure): offline at once, without waiting for the desk.
    let stopped = (try? await gracefulShutdown()) != nil
    let remainder = await link.finish(within: stopped ? LaneLink.stoppingWait : .zero)
    if let missing = LaneLink.missing(remainder, journalled: journalled) {
      var logger = logger
      logger[metadataKey: LogKey.part] = "centre link"
      logger.notice("\(missing)")
    }
  }
}
