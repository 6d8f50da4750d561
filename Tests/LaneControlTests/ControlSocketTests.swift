import Bowling
import Foundation
import POSIX
import TestSupport
import Testing

@testable import LaneBridge
@testable import LaneControl

#if canImport(Glibc)
  import Glibc
#endif

@Suite("The control socket beside the journal: where it is made, who may use it, what it answers")
struct ControlSocketTests {
  let folder: ScratchFolder
  let path: String

  init() throws {
    folder = try ScratchFolder("lane-control")
    path = folder.path("lane.journal.sock")
  }

  func status(_ path: String) -> stat? {
    var status = stat()
    return lstat(path, &status) == 0 ? status : nil
  }

  /// A socket at `path` serving `inbox` on a thread of its own, as a lane's service does;
  /// its ``ControlSocket/close()`` ends the serving.
  static func serving(_ path: String, _ inbox: LaneInbox) throws -> ControlSocket {
    let socket = try ControlSocket(path: path)
    Thread { socket.serve(inbox) }.start()
    return socket
  }

  /// Answers every request posted to `inbox` with `reply`, on a thread woken by its event,
  /// until `stop` is signalled.
  func answering(_ inbox: LaneInbox, wake: WakeEvent, stop: WakeEvent, with reply: @escaping @Sendable (ControlRequest) -> ControlReply) -> Thread {
    let thread = Thread {
      while true {
        var polled = [
          pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: stop.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&polled, 2, 600_000)
        if polled[1].revents != 0 { return }
        wake.reset()
        for case .request(let request, let answer) in inbox.take() { answer(reply(request)) }
      }
    }
    thread.start()
    return thread
  }

  @Test("Given no socket, when a lane serves one, then it is a socket of mode 0660 owned by the lane's user and group, removed at close")
  func createdAndRemoved() throws {
    let socket = try Self.serving(path, LaneInbox())
    let made = try #require(status(path))

    #expect(made.st_mode & S_IFMT == S_IFSOCK)
    #expect(made.st_mode & 0o777 == 0o660)
    #expect(made.st_uid == getuid() && made.st_gid == getgid())
    socket.close()
    #expect(status(path) == nil)
  }

  @Test("Given a socket a crashed lane left, when a lane serves, then it replaces it")
  func staleReplaced() throws {
    let first = try Self.serving(path, LaneInbox())
    let stale = try #require(status(path))
    // A crash: the path stays, nothing listens (this second socket replaces it, then we check).
    let second = try Self.serving(path, LaneInbox())
    let fresh = try #require(status(path))

    #expect(fresh.st_ino != stale.st_ino)
    first.close()  // not its path any more: left alone
    #expect(status(path)?.st_ino == fresh.st_ino)
    second.close()
    #expect(status(path) == nil)
  }

  @Test("Given a symbolic link or a file at the socket's path, when a lane serves, then it refuses and leaves both untouched")
  func othersRefused() throws {
    let target = folder.path("precious")
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
    #expect(symlink(target, path) == 0)

    #expect(throws: ControlSocket.SetupError.self) { try Self.serving(path, LaneInbox()) }
    #expect(status(path).map { $0.st_mode & S_IFMT } == S_IFLNK)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")

    unlink(path)
    try Data("a file".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: ControlSocket.SetupError.self) { try Self.serving(path, LaneInbox()) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a file")
  }

  @Test("Given a lane serving, when lane correct's client sends a request, then the lane's answer comes back with its id")
  func requestAnswered() throws {
    let wake = try WakeEvent()
    let stop = try WakeEvent()
    let inbox = LaneInbox(wake: { wake.signal() })
    let socket = try Self.serving(path, inbox)
    defer { socket.close() }
    _ = answering(inbox, wake: wake, stop: stop) { .done(id: $0.id, sequence: 9, what: "\($0.correction!) by \($0.by)") }
    defer { stop.signal() }

    let reply = try ControlClient.send(ControlRequest(id: "q1", by: "Eve", correction: .foul(true)), to: path)

    #expect(reply == .done(id: "q1", sequence: 9, what: "foul by Eve"))
  }

  @Test("Given a journal whose socket path is longer than a socket address holds, when a lane serves and lane correct asks, then the answer comes back")
  func longPath() throws {
    let deep = folder.path(String(repeating: "a-long-folder-name/", count: 6))
    try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
    let path = ControlSocket.path(forJournal: deep + "lane.journal")
    #expect(path.utf8.count > 107)
    let wake = try WakeEvent()
    let stop = try WakeEvent()
    let inbox = LaneInbox(wake: { wake.signal() })
    let socket = try Self.serving(path, inbox)
    defer { socket.close() }
    _ = answering(inbox, wake: wake, stop: stop) { .done(id: $0.id, sequence: 3, what: "\($0.correction!)") }
    defer { stop.signal() }

    let reply = try ControlClient.send(ControlRequest(id: "q9", by: "Eve", correction: .undo), to: path)

    #expect(reply == .done(id: "q9", sequence: 3, what: "undo"))
    #expect(status(path) != nil)
  }

  @Test("Given a lane serving, when garbage or a forged request comes, then each line is refused and nothing reaches the lane")
  func garbageRefused() throws {
    let inbox = LaneInbox()
    let socket = try Self.serving(path, inbox)
    defer { socket.close() }
    let lines = "GET / HTTP/1.1\n" + #"{"v":1,"id":"f1","by":"Eve","action":"pins","pins":[0]}"# + "\n"

    let replies = try Self.exchange(lines, at: path, expecting: 2)

    #expect(replies.count == 2)
    #expect(replies.allSatisfy { !$0.ok })
    #expect(replies.last?.id == "f1")
    #expect(inbox.take().isEmpty)
  }

  @Test("Given something that answers in another language, when lane correct asks, then the answer is not ours (exit 76)")
  func notOurs() throws {
    let server = try Self.rawServer(at: path)
    defer { close(server) }
    let thread = Thread {
      let client = accept(server, nil, nil)
      var buffer = [UInt8](repeating: 0, count: 256)
      _ = recv(client, &buffer, buffer.count, 0)
      _ = send(client, "HTTP/1.1 400 Bad Request\n", 25, Int32(MSG_NOSIGNAL))
      close(client)
    }
    thread.start()

    #expect(throws: ControlClient.Failure.notOurs(path: path, excerpt: "HTTP/1.1 400 Bad Request")) {
      try ControlClient.send(ControlRequest(id: "q2", by: "Eve", correction: .undo), to: path)
    }
    #expect(ControlClient.Failure.notOurs(path: path, excerpt: "").exitStatus == .protocolError)
  }

  @Test("Given a socket nobody answers on, when lane correct asks, then it times out (exit 75)")
  func timesOut() throws {
    let server = try Self.rawServer(at: path)  // listens, never accepts: the kernel queues it
    defer { close(server) }

    #expect(throws: ControlClient.Failure.timedOut(path: path, seconds: 1)) {
      try ControlClient.send(ControlRequest(id: "q3", by: "Eve", correction: .undo), to: path, timeout: 1)
    }
    #expect(ControlClient.Failure.timedOut(path: path, seconds: 1).exitStatus == .temporaryFailure)
  }

  @Test("Given no socket at all, when lane correct asks, then the connection is refused (exit 69)")
  func refused() throws {
    #expect(throws: ControlClient.Failure.refused(path: path, errno: ENOENT)) {
      try ControlClient.send(ControlRequest(id: "q4", by: "Eve", correction: .undo), to: path)
    }
    #expect(ControlClient.Failure.refused(path: path, errno: ENOENT).exitStatus == .unavailable)
  }

  /// A listening Unix socket at `path` that speaks no protocol.
  static func rawServer(at path: String) throws -> Int32 {
    let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0 && listen(server, 1) == 0)
    return server
  }

  /// Sends `text` to the socket at `path` and reads `count` reply lines.
  static func exchange(_ text: String, at path: String, expecting count: Int) throws -> [ControlReply] {
    try exchangeLines(text, at: path, expecting: count).compactMap { ControlReply.parse(Array($0.utf8)) }
  }
}
