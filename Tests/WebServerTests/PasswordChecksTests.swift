import DeskAccess
import Foundation
import NIOCore
import TestSupport
import Testing

@testable import WebServer

@Suite("The desk's password checks, bounded")
struct PasswordChecksTests {
  @Test("When as many checks run and wait as the pool takes, then the next is refused at once, and each place freed goes to the next waiting")
  func bounded() async throws {
    // Given one check at a time and one waiting.
    let checks = PasswordChecks(width: 1, queue: 1)
    let held = DispatchSemaphore(value: 0)
    #expect(checks.reserve())
    #expect(checks.reserve())

    // When a third arrives, then it is refused without waiting.
    #expect(!checks.reserve())

    async let first = checks.run {
      held.wait()
      return true
    }
    async let second = checks.run { false }
    #expect(await eventually(within: .seconds(60)) { checks.load == (running: 1, waiting: 1) })
    held.signal()
    #expect(await first)
    #expect(await !second)
    #expect(checks.load == (running: 0, waiting: 0))
    #expect(checks.reserve())
  }

  @Test("When a place reserved is given back unchecked, then another may take it")
  func released() {
    let checks = PasswordChecks(width: 1, queue: 0)
    #expect(checks.reserve())
    #expect(!checks.reserve())
    checks.release()
    #expect(checks.reserve())
  }

  @Test("When the desk's peers sign in, then loopback is one client and an IPv6 address counts by its /64")
  func clients() throws {
    #expect(DeskRequestContext.client(of: try SocketAddress(ipAddress: "127.0.0.2", port: 1)) == .loopback)
    #expect(DeskRequestContext.client(of: try SocketAddress(ipAddress: "::1", port: 1)) == .loopback)
    #expect(DeskRequestContext.client(of: try SocketAddress(ipAddress: "192.168.1.20", port: 1)).key == "192.168.1.20")
    #expect(DeskRequestContext.client(of: try SocketAddress(ipAddress: "2001:db8:1:2::7", port: 1)).key == "2001:db8:1:2::/64")
    #expect(DeskRequestContext.client(of: try SocketAddress(ipAddress: "::ffff:10.0.0.9", port: 1)).key == "10.0.0.9")
  }
}
