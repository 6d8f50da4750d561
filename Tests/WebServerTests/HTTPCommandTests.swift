import Foundation
import TestSupport
import Testing
import WebServer

/// `lane simulate --http` given an address it must refuse, as a user meets it.
@Suite("lane simulate --http with an address it cannot use", .holdsAThread)
struct HTTPCommandTests {
  static let trace = LaneServing.packageRoot.appendingPathComponent("Hardware/traces/respot-only-game.trace").path

  /// Runs `lane` to its end and returns its exit status and stderr.
  static func lane(_ arguments: [String]) throws -> (status: Int32, errors: String) {
    let process = try ChildProcess(try LaneServing.executable(), arguments, error: .pipe(.outOfChild))
    let errors = try process.standardError!.readToEnd()
    return (process.waitForExit(), String(decoding: errors, as: UTF8.self))
  }

  @Test("When the address is beyond loopback without --http-public, then lane exits 64 and says how to allow it")
  func publicRefused() throws {
    let (status, errors) = try Self.lane(["simulate", "--http", "0.0.0.0:8080", Self.trace])

    #expect(status == 64)
    #expect(errors.contains("--http-public"))
  }

  @Test("When the port is taken, then lane exits 69 and says to choose another address")
  func portTaken() async throws {
    let server = try await RunningBoardServer.start(
      BoardServer(hub: BoardHub(), address: HTTPAddress(host: "127.0.0.1", port: 0)))

    let port = server.port
    let outcome: Result<(status: Int32, errors: String), any Error>
    do {
      outcome = .success(try await offPool { try Self.lane(["simulate", "--http", "127.0.0.1:\(port)", Self.trace]) })
    } catch {
      outcome = .failure(error)
    }
    await server.stop()
    let (status, errors) = try outcome.get()

    #expect(status == 69)
    #expect(errors.contains("already in use"))
    #expect(errors.contains("choose another address with --http"))
  }

  @Test("When the lane id could not be part of an address, then lane exits 64 and says what it takes")
  func badLaneName() throws {
    let (status, errors) = try Self.lane(["simulate", "--http", "0", "--lane", "7/8", Self.trace])

    #expect(status == 64)
    #expect(errors.contains("is not a lane name: 1-32 of a-z A-Z 0-9 - _"))
  }

  @Test("When the deprecated --lane-name could not be part of an address, then lane exits 64 and says what it takes")
  func badDeprecatedLaneName() throws {
    let (status, errors) = try Self.lane(["simulate", "--http", "0", "--lane-name", "7/8", Self.trace])

    #expect(status == 64)
    #expect(errors.contains("--lane-name (now --lane) takes"))
  }
}
