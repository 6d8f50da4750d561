import Foundation
import Synchronization
import TestSupport
import Testing

/// The desk under load and attack, at issue 37's own numbers: a real `lane desk`, raw
/// sockets on loopback as the crowd.
extension DeskPageTests.SigningIn {
  @Test("When 150 sign-ins arrive in parallel, then the sign-in page still answers within 2 s, every sign-in is answered as the throttle and the checks' pool say, and the desk serves on")
  func parallelSignIns() async throws {
    let port = desk.port
    let origin = desk.origin
    let answered = Flag()
    let page = Collected<(status: Int, took: Duration)>()

    // Given a clerk's browser asking for the sign-in page again and again, each request
    // timed from its connection, from before the first sign-in until after the last.
    async let probed: Void = offPool {
      repeat {
        let sent = ContinuousClock.now
        let status = (try? LoopbackClient.exchange(port: port, "GET", "/login", within: 60).status) ?? 0
        page.append((status, sent.duration(to: .now)))
      } while !answered.isRaised
    }

    // When 150 sign-ins arrive at once from the desk's own page, with names no user has:
    // each is checked against the unknown user's hash, at bcrypt's real cost (12), as
    // an attacker's guesses at names would be.
    let statuses = await withTaskGroup(of: Int.self) { group in
      for guess in 0..<150 {
        group.addTask {
          let reply = try? await offPool {
            try DeskFixture.signInReply(
              port: port, "guest-\(guess)", password: "guess number \(guess)", headers: ["Origin: \(origin)"],
              within: 60)
          }
          return reply?.status ?? 0
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    answered.raise()
    try await probed

    // Then the page answered every time, within 2 s, while the sign-ins were checked.
    let times = page.all
    let slowest = times.map(\.took).max() ?? .zero
    #expect(times.count > 1, "the page was asked for only once")
    #expect(times.allSatisfy { $0.status == 200 }, "\(times.map(\.status))")
    #expect(slowest <= .seconds(2), "the slowest of \(times.count) answers took \(slowest)")

    // Every sign-in is answered, as docs/desk.md says. All of them come from one client,
    // loopback: its throttle lets the first 30 through to be checked (the 30th starts its
    // refusal) and refuses the others unchecked, 429. The checks run on twice the cores'
    // threads with eight times as many waiting: 36 places on 2 cores, so none of the 30
    // is refused busy, 503; on one core some could be.
    let counts = Dictionary(grouping: statuses) { $0 }.mapValues(\.count)
    let checked = 30
    let places = ProcessInfo.processInfo.activeProcessorCount * 2 * 9
    #expect(counts[0] == nil, "\(counts[0] ?? 0) sign-ins had no answer within 60 s")
    #expect(Set(statuses).isSubset(of: [401, 429, 503]), "\(counts)")
    if places >= checked {
      #expect(counts == [401: checked, 429: 150 - checked], "\(counts)")
    } else {
      #expect(counts[401, default: 0] <= checked, "\(counts)")
    }

    // The desk is still running and serving.
    #expect(desk.desk.process.isRunning)
    #expect(try await offPool { try LoopbackClient.exchange(port: port, "GET", "/login").status } == 200)
  }

  @Test("When 300 connections hold their request headers open, then the desk closes each within 15 s of its opening, while ana signs in meanwhile")
  func heldHeads() async throws {
    let port = desk.port
    let held = 300
    // The 300, the desk's child pipes, and other suites' sockets and files.
    let files = OpenFileLimit.raise(toAtLeast: held + 1024)
    try #require(files >= held + 256, "\(held) held connections need more open files than \(files): ulimit -n")

    // Given 300 connections, each sending half a request head and then nothing: fewer
    // than the desk takes (--max-connections 512), so each is held until its header
    // timeout (10 s) ends it. Each is timed from its opening, once connected: one that
    // finds the desk's listen queue (256) full waits in connect, not yet open, for its
    // SYN sent again a second later.
    let opened = try await offPool {
      try (0..<held).map { _ in
        let client = try LoopbackClient(port: port)
        let at = ContinuousClock.now
        try client.transmit("GET /login HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Slow: ")
        return (client: client, at: at)
      }
    }
    let clients = opened.map(\.client)
    let lastOpened = opened.map(\.at).max()!
    async let closings = offPool { LoopbackClient.closedByServer(clients, before: lastOpened + .seconds(30)) }

    // When ana, meanwhile, opens the sign-in page, signs in and opens the clerk's page.
    let origin = desk.origin
    let (answers, clerkPage, clerkDone) = try await offPool {
      let form = try LoopbackClient.exchange(port: port, "GET", "/login").status
      let reply = try DeskFixture.signInReply(
        port: port, "ana", password: DeskFixture.passwords["ana"]!, headers: ["Origin: \(origin)"])
      let cookie = reply.values(of: "set-cookie").first?.split(separator: ";").first.map(String.init) ?? ""
      let clerk = try LoopbackClient.exchange(port: port, "GET", "/", headers: ["Cookie: \(cookie)"])
      return ([form, reply.status], clerk, ContinuousClock.now)
    }

    // Then she is signed in and served while they are held, and each of them is closed
    // by the desk within 15 s of its opening.
    #expect(answers == [200, 303])
    #expect(clerkPage.status == 200, "\(clerkPage)")
    #expect(clerkPage.body.contains("/assets/clerk.js"), "the clerk's page: \(clerkPage)")
    let closed = try await closings
    #expect(closed.allSatisfy { $0 != nil }, "\(closed.filter { $0 == nil }.count) of \(held) still open 30 s after the last opened")
    let took = zip(opened, closed).compactMap { open, closed in closed.map { open.at.duration(to: $0) } }
    let slowest = took.max() ?? .zero
    #expect(slowest <= .seconds(15), "the slowest was closed \(slowest) after its opening")
    let firstClosed = closed.compactMap { $0 }.min()
    #expect(firstClosed.map { clerkDone < $0 } ?? true, "ana was served only after the first was closed")
    #expect(desk.desk.process.isRunning)
  }
}

/// Raised once, read from any thread: whether every sign-in has been answered.
private final class Flag: Sendable {
  private let raised = Atomic(false)

  var isRaised: Bool { raised.load(ordering: .acquiring) }

  func raise() { raised.store(true, ordering: .releasing) }
}
