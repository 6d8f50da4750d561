import LaneBridge
import LaneControl
import ServiceLifecycle

/// A lane's control socket (`JOURNAL.sock`, ``ControlSocket``) as a service: created before
/// the group runs (a path that cannot be is refused then), it serves `lane correct` and
/// `lane session` into the lane's inbox on a thread of its own until the group stops it,
/// then removes its path.
public struct ControlSocketService: Service {
  public let socket: ControlSocket
  public let inbox: LaneInbox

  public init(socket: ControlSocket, inbox: LaneInbox) {
    self.socket = socket
    self.inbox = inbox
  }

  public func run() async throws {
    let (socket, inbox) = (socket, inbox)
    defer { socket.close() }
    try await withGracefulShutdownHandler {
      try await BlockingThread.run(named: "lane control socket", interrupt: socket.stop) { socket.serve(inbox) }
    } onGracefulShutdown: {
      socket.stop()
    }
  }
}
