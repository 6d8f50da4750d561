import Foundation
import TestSupport
import Testing

/// What the dynamic loader maps into `lane`, from its own log (`LD_DEBUG=files` names every
/// library it loads, at start and by `dlopen`).
@Suite("The libraries lane loads, run as a user runs it")
struct LibraryLoadingCommandTests {
  private static let trace = PackageFolder.url("Hardware/traces/string-pinsetter-game.trace").path

  private static func loaded(_ run: LaneExecutable.Run) -> [String] {
    run.standardError.split(separator: "\n").compactMap { line in
      guard let start = line.range(of: "file=") else { return nil }
      return String(line[start.upperBound...].prefix { $0 != " " })
    }
  }

  @Test("Given a replay without --broker, when lane runs, then it never loads libmosquitto or OpenSSL")
  func replayWithoutBroker() async throws {
    let run = try await LaneExecutable().run(["simulate", Self.trace], environment: ["LD_DEBUG": "files"])

    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("Total 171, game complete"))
    let libraries = Self.loaded(run)
    #expect(libraries.contains { $0.hasPrefix("libc.so") }, "the loader's log was not read: \(libraries)")
    let brokerLibraries = libraries.filter {
      $0.contains("mosquitto") || $0.contains("libssl") || $0.contains("libcrypto")
    }
    #expect(brokerLibraries.isEmpty, "\(libraries)")
  }

  @Test("Given a replay with --broker, when lane runs, then it loads libmosquitto to reach the broker")
  func replayWithBroker() async throws {
    let port = try freeLoopbackPort()

    let run = try await LaneExecutable().run(
      ["simulate", "--broker", "mqtt://127.0.0.1:\(port)", "--lane", "lane1", Self.trace],
      environment: ["LD_DEBUG": "files"])

    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("the centre's broker is not reachable"))
    #expect(Self.loaded(run).contains("libmosquitto.so.1"), "\(Self.loaded(run))")
  }
}
