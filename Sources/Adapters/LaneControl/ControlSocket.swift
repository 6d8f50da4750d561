import Foundation
import LaneBridge
import POSIX
import SystemPackage
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The running lane's control socket: a Unix stream socket beside the journal
/// (`JOURNAL.sock`) on which `lane correct` sends corrections (``ControlRequest``) and reads
/// the replies (``ControlReply``).
///
/// It is created mode 0660, owned by the lane's user and group. Only the process holding the
/// journal's lane lock creates it, so a socket already at the path is a crashed lane's and
/// is replaced; anything else there (a symbolic link, a file) is refused, never followed or
/// removed. ``serve(_:)`` accepts connections on the calling thread and serves one at a
/// time: each request line is checked, then posted to the lane's ``LaneInbox`` and answered
/// once the lane journalled it. A client idle for ``clientTimeout`` is dropped. ``stop()``
/// ends the serving from any thread; ``close()`` then removes the path.
public final class ControlSocket: Sendable {
  /// Why the socket could not be set up.
  public struct SetupError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot serve corrections on '\(path)': \(reason)" }
  }

  /// How long a connected client may stay silent before it is dropped.
  public static let clientTimeout: Int = 5

  public let path: String
  private let listener: Int32
  private let stopPipe: (read: Int32, write: Int32)
  private let identity: (device: UInt, inode: UInt)
  private let stopping = Atomic<Bool>(false)
  private let closed = Atomic<Bool>(false)

  /// The socket's path for the journal at `journal`.
  public static func path(forJournal journal: String) -> String { journal + ".sock" }

  /// Creates the socket at `path`, listening; ``serve(_:)`` then answers its clients.
  public init(path: String) throws(SetupError) {
    self.path = path
    func fail(_ reason: String) -> SetupError { SetupError(path: path, reason: reason) }
    func failure(_ what: String) -> SetupError { fail("\(what): \(String(cString: strerror(errno)))") }
    // The path itself must fit a socket's address, for clients to connect to it.
    do {
      _ = try UnixSocketAddress(path: path)
    } catch {
      throw fail("cannot reach its folder: \(String(cString: strerror(error.code)))")
    }

    var status = stat()
    if lstat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFSOCK else {
        throw fail("something that is not a socket is there; move it away (it is left untouched)")
      }
      // We hold the lane lock, so no lane serves this socket: a crashed lane left it.
      guard unlink(path) == 0 || errno == ENOENT else { throw failure("cannot remove the stale socket") }
    } else if errno != ENOENT {
      throw failure("cannot look at the path")
    }

    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else { throw failure("cannot create a socket") }
    // bind creates the path with the process's umask applied, and changing the umask would
    // change it for every thread: the socket is bound in a private folder (0700) beside the
    // path, made 0660 there, and renamed into place, so nobody else ever reaches it wider.
    do throws(SetupError) {
      try Self.bindPrivately(listener, at: path, fail: fail, failure: failure)
    } catch {
      Glibc.close(listener)
      throw error
    }
    guard listen(listener, 8) == 0, lstat(path, &status) == 0 else {
      let error = failure("cannot listen")
      Glibc.close(listener)
      unlink(path)
      throw error
    }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      let error = failure("cannot create a pipe")
      Glibc.close(listener)
      unlink(path)
      throw error
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    self.listener = listener
    stopPipe = (ends[0], ends[1])
    identity = (UInt(status.st_dev), UInt(status.st_ino))
  }

  /// Binds `listener` at `path` with mode 0660, without touching the umask (see ``init``).
  private static func bindPrivately(
    _ listener: Int32, at path: String, fail: (String) -> SetupError, failure: (String) -> SetupError
  ) throws(SetupError) {
    let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    // As short as it can be: the private path must fit a socket's address too.
    var template = Array((folder + ".sXXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw failure("cannot make a private folder beside it") }
    let privateFolder = String(cString: made)
    defer { rmdir(privateFolder) }
    let temporary = privateFolder + "/s"
    let address: UnixSocketAddress
    do {
      address = try UnixSocketAddress(path: temporary)
    } catch {
      throw fail("its folder's path is too long for a socket beside it (\(temporary))")
    }
    guard address.withSocketAddress({ bind(listener, $0, $1) }) == 0 else { throw failure("cannot bind") }
    guard chmod(temporary, 0o660) == 0 else {
      let error = failure("cannot set its mode")
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let error = failure("cannot move it into place")
      unlink(temporary)
      throw error
    }
  }

  deinit {
    close()
    Glibc.close(listener)
    Glibc.close(stopPipe.read)
    Glibc.close(stopPipe.write)
  }

  /// Ends ``serve(_:)`` from any thread: a request in hand is refused (the lane no longer
  /// runs). Safe in a cancellation handler: one write, no lock.
  @Sendable public func stop() {
    guard !stopping.exchange(true, ordering: .sequentiallyConsistent) else { return }
    var byte: UInt8 = 1
    _ = Glibc.write(stopPipe.write, &byte, 1)
  }

  /// Removes the socket's path if it is still this socket, once serving ended (or never
  /// began): nobody can connect to a lane that stopped. Later calls do nothing.
  public func close() {
    stop()
    guard !closed.exchange(true, ordering: .sequentiallyConsistent) else { return }
    var status = stat()
    if lstat(path, &status) == 0, UInt(status.st_dev) == identity.device,
      UInt(status.st_ino) == identity.inode
    {
      unlink(path)
    }
  }

  /// Accepts and serves clients on the calling thread until ``stop()``.
  public func serve(_ inbox: LaneInbox) {
    while true {
      var polled = [
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
      ]
      guard (try? retryOnInterrupt { poll(&polled, 2, -1) }) != nil, polled[1].revents == 0 else { return }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      var timeout = timeval(tv_sec: Self.clientTimeout, tv_usec: 0)
      setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      serve(client: client, inbox)
      Glibc.close(client)
      if stopping.load(ordering: .sequentiallyConsistent) { return }
    }
  }

  /// Answers each request line of one client until it hangs up, goes silent or errs.
  private func serve(client: Int32, _ inbox: LaneInbox) {
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 512)
    while true {
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = pending[..<newline]
        let reply = answer(line, inbox)
        pending.removeSubrange(...newline)
        guard send(reply, to: client) else { return }
      }
      guard pending.count < ControlRequest.maximumLength else {
        _ = send(.refused(id: nil, because: "the request is longer than \(ControlRequest.maximumLength) bytes"), to: client)
        return
      }
      // A silent client is dropped after clientTimeout, and at once when the lane stops.
      var polled = [
        pollfd(fd: client, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
      ]
      let ready = (try? retryOnInterrupt { poll(&polled, 2, Int32(Self.clientTimeout * 1000)) }) ?? -1
      guard ready > 0, polled[1].revents == 0 else { return }
      let count = buffer.withUnsafeMutableBytes { bytes in
        (try? retryOnInterrupt { recv(client, bytes.baseAddress, bytes.count, 0) }) ?? -1
      }
      guard count > 0 else { return }
      pending += buffer[..<count]
    }
  }

  /// The reply to one line: a refusal straight away, or the lane's answer.
  private func answer(_ line: ArraySlice<UInt8>, _ inbox: LaneInbox) -> ControlReply {
    let request: ControlRequest
    switch ControlRequest.parse(line) {
    case .failure(let refusal): return .refused(id: refusal.id, because: refusal.description)
    case .success(let parsed): request = parsed
    }
    guard let slot = try? ReplySlot() else {
      return .refused(id: request.id, because: "the lane cannot wait for its answer: it may have too many open files")
    }
    inbox.post(.request(request, reply: { slot.fill($0) }))
    // The lane's answer, or its stop: a lane that stopped takes no more corrections.
    if let reply = slot.wait(unless: stopPipe.read) { return reply }
    slot.fill(.refused(id: request.id, because: "the lane stopped before taking the correction; nothing was changed"))
    return slot.wait(unless: stopPipe.read) ?? .refused(id: request.id, because: "the lane stopped")
  }

  private func send(_ reply: ControlReply, to client: Int32) -> Bool {
    let bytes = Array(reply.line.utf8)
    var sent = 0
    do {
      try bytes.withUnsafeBytes { buffer in
        Result { () throws(Errno) in
          try writeAll(buffer, written: &sent) { rest in
            Glibc.send(client, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL))
          }
        }
      }.get()
      return true
    } catch {
      return false
    }
  }
}

/// The one reply to one request: the first filled wins, and wakes the socket's thread.
private final class ReplySlot: Sendable {
  private let reply = Mutex<ControlReply?>(nil)
  private let filled: WakeEvent

  init() throws(WakeEvent.CreationError) {
    filled = try WakeEvent()
  }

  func fill(_ value: ControlReply) {
    let first = reply.withLock { reply in
      guard reply == nil else { return false }
      reply = value
      return true
    }
    if first { filled.signal() }
  }

  /// The reply once filled, or `nil` when `stop` (a descriptor) becomes readable first.
  func wait(unless stop: Int32) -> ControlReply? {
    if let filled = reply.withLock({ $0 }) { return filled }
    var polled = [
      pollfd(fd: filled.descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
    ]
    _ = try? retryOnInterrupt { poll(&polled, 2, -1) }
    return reply.withLock { $0 }
  }
}
