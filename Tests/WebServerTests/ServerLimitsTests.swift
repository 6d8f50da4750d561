import Bowling
import Foundation
import LaneBridge
import TestSupport
import Testing
import WebBoard
import WebServer

/// The boards' server as slow, many and long-held connections meet it (issue 37): a real
/// server on a loopback port, raw sockets as the clients.
@Suite("A board server's limits against slow, many and held connections", .serialized)
struct ServerLimitsTests {
  /// A server within `limits`, lane 1's board published, for one test.
  struct Serving {
    let hub = BoardHub()
    let display: WebDisplay
    let server: RunningBoardServer
    let session = LaneSession(bowlers: ["Ana"])

    init(_ limits: ServerLimits) async throws {
      var display = WebDisplay(lane: "1", hub: hub)
      display.show(LaneEvent(.status(.running), sequence: 1), in: session)
      self.display = display
      server = try await RunningBoardServer.start(
        BoardServer(hub: hub, address: HTTPAddress(host: "127.0.0.1", port: 0), limits: limits))
    }

    /// A client that asked for an event stream and has its first lines.
    func stream(_ path: String = "/events") async throws -> LoopbackClient {
      let port = server.port
      return try await offPool {
        let client = try LoopbackClient(port: port)
        try client.get(path)
        try client.read(within: 60) { $0.contains("retry: 1000") }
        return client
      }
    }

    /// A board update every stream gets, sequence `sequence`.
    func publish(_ sequence: Int) {
      var display = display
      display.show(LaneEvent(.status(.running), sequence: sequence), in: session)
    }
  }

  func serving(_ limits: ServerLimits, _ body: (Serving) async throws -> Void) async throws {
    let serving = try await Serving(limits)
    do {
      try await body(serving)
    } catch {
      await serving.server.stop()
      throw error
    }
    await serving.server.stop()
  }

  @Test("When a client sends half a request head and no more, then the server closes the connection once its idle timeout has passed")
  func slowHead() async throws {
    try await serving(ServerLimits(idleTimeout: .seconds(1))) { serving in
      let port = serving.server.port
      let closed = try await offPool {
        let client = try LoopbackClient(port: port)
        try client.transmit("GET /api/lanes HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        return client.closedByServer(within: 60)
      }
      #expect(closed)
    }
  }

  @Test("When a kept-alive connection idles past the timeout, then it is closed, while a stream being answered is not")
  func idleKeepAlive() async throws {
    try await serving(ServerLimits(idleTimeout: .seconds(1))) { serving in
      let stream = try await serving.stream()
      let port = serving.server.port
      let closed = try await offPool {
        let client = try LoopbackClient(port: port)
        try client.get("/api/lanes")
        _ = try client.response(within: 60)
        return client.closedByServer(within: 60)
      }
      #expect(closed)

      // The stream, open longer than the timeout, still gets the next board.
      serving.publish(2)
      let received = try await offPool { try stream.read(within: 60) { $0.contains("id: 2\n") } }
      #expect(received.contains("id: 2\n"))
    }
  }

  @Test(
    "When the server listens, then the kernel queues as many connections waiting to be accepted as the server takes, so a burst up to the cap waits for no resent SYN",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ss"), "Needs ss (Debian's iproute2)"))
  func listenQueue() async throws {
    try await serving(ServerLimits(maxConnections: 700)) { serving in
      let port = serving.server.port
      // ss shows a listening socket's queue length as its Send-Q, the third field.
      let listening = try await offPool {
        let ss = Process()
        ss.executableURL = URL(fileURLWithPath: "/usr/bin/ss")
        ss.arguments = ["-H", "-ltn", "sport = :\(port)"]
        let output = Pipe()
        ss.standardOutput = output
        try ss.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ss.waitUntilExit()
        return text
      }
      let fields = listening.split(whereSeparator: \.isWhitespace)
      #expect(fields.count > 2 && fields[2] == "700", "ss: \(listening)")
    }
  }

  @Test("When as many connections are open as the server takes, then the next is closed at once, those open are still served, and one closed makes room")
  func connectionCap() async throws {
    try await serving(ServerLimits(maxConnections: 2, idleTimeout: .seconds(600))) { serving in
      let first = try await serving.stream()
      let second = try await serving.stream()
      let port = serving.server.port

      let refused = try await offPool {
        let client = try LoopbackClient(port: port)
        try? client.get("/api/lanes")
        return client.closedByServer(within: 60)
      }
      #expect(refused)

      serving.publish(2)
      for client in [first, second] {
        let received = try await offPool { try client.read(within: 60) { $0.contains("id: 2\n") } }
        #expect(received.contains("id: 2\n"))
      }

      // The server learns that a stream's page went away when it next writes to it: the
      // boards go on changing as the lanes bowl.
      first.hangUp()
      var sequence = 2
      let served = await eventually(within: .seconds(60)) {
        sequence += 1
        serving.publish(sequence)
        return (try? LoopbackClient.exchange(port: port, "GET", "/api/lanes", within: 5).status) == 200
      }
      #expect(served)
    }
  }

  @Test("When as many public streams are open as the server takes, then the next is answered 503 with Retry-After, and a stream that ends makes room")
  func streamCap() async throws {
    try await serving(ServerLimits(maxStreams: 2)) { serving in
      let first = try await serving.stream("/lanes/1/events")
      _ = try await serving.stream()
      let port = serving.server.port

      let refused = try await offPool { try LoopbackClient.exchange(port: port, "GET", "/lanes/1/events") }
      #expect(refused.status == 503)
      #expect(refused.values(of: "retry-after") == ["5"])
      // Pages that are not streams are served as ever.
      #expect(try await offPool { try LoopbackClient.exchange(port: port, "GET", "/api/lanes/1") }.status == 200)

      first.hangUp()
      var sequence = 1
      let reopened = await eventually(within: .seconds(60)) {
        sequence += 1
        serving.publish(sequence)
        guard let client = try? LoopbackClient(port: port), (try? client.get("/events")) != nil else { return false }
        defer { client.hangUp() }
        return (try? client.read(within: 5) { $0.contains("\r\n\r\n") })?.hasPrefix("HTTP/1.1 200") == true
      }
      #expect(reopened)
    }
  }
}
