import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every long-running command that talks to the centre's broker, stopped with SIGTERM as
/// `systemctl stop` stops it: its `ServiceGroup` stops its services gracefully and it exits
/// 0 (docs/architecture.md, "The services each command runs"). How long each takes is
/// measured by `scripts/stop-times`, not here.
@Suite("A centre command stopped with SIGTERM, over a real mosquitto")
struct StopOverBrokerTests {
  let broker: TestBroker
  let lane: String

  init() throws {
    broker = try TestBroker(users: ["desk", "lane1"], displays: ["display"])
    guard let laneBinary else {
      throw TestBroker.Failure(description: "the built lane executable was not found; swift build first")
    }
    lane = laneBinary
  }

  /// A command, by what it is called, and the user it connects as.
  struct Command: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var user: String
    var testDescription: String { "lane " + arguments.joined(separator: " ") }
  }

  static let commands: [Command] = [
    Command(arguments: ["desk"], user: "desk"),
    Command(arguments: ["desk", "show", "lane1"], user: "desk"),
    Command(arguments: ["display", "--http", "127.0.0.1:0"], user: "display"),
    Command(arguments: ["simulate", "--lane", "lane1"], user: "lane1"),
  ]

  @Test("When a running centre command gets SIGTERM, then it stops through its group and exits 0", arguments: commands)
  func stops(_ command: Command) async throws {
    var arguments = command.arguments
    let credentials = ["--broker", "mqtt://127.0.0.1:\(broker.port)", "--mqtt-credentials", broker.folder + "/\(command.user).credentials"]
    if arguments.first == "simulate" {
      let trace = try BundledTrace(name: "two-games-held-out").keptOpen(in: broker.folder)
      arguments += credentials + ["--speed", "5", trace]
    } else {
      arguments += credentials
    }
    let output = broker.folder + "/command.out"
    let process = try ChildProcess(lane, arguments, outputFile: output)
    defer { _ = process.stop(signal: SIGKILL) }
    // Given: it is connected to the broker (its services run).
    #expect(await eventually(within: .seconds(60)) { broker.log.contains("u'\(command.user)'") }, "\(broker.log)")

    process.signal(SIGTERM)

    let status = await process.exited(within: .seconds(60))
    let said = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    #expect(status == 0, "\(said.suffix(2000))")
  }
}
