import Foundation
import TestSupport
import Testing

/// `lane run --config FILE` as the systemd unit runs it: mistakes in the file and options
/// that override it, all found before any hardware is opened; and `lane simulate --config`,
/// whose replay shows the settings taking effect.
@Suite("lane run and lane simulate --config")
struct ConfigCommandTests {
  let lane: LaneExecutable
  let folder: ScratchFolder

  init() throws {
    lane = try LaneExecutable()
    folder = try ScratchFolder("lane-config-command")
  }

  /// Writes `text` as `lane.toml` in the scratch folder and returns its path.
  func config(_ text: String) throws -> String {
    try text.write(toFile: folder.path("lane.toml"), atomically: false, encoding: .utf8)
    return folder.path("lane.toml")
  }

  @Test("When a key is misspelt, then it exits 64 naming the file, the line and the key")
  func unknownKey() async throws {
    let path = try config("lane = \"lane7\"\n\n[centre]\nbrokr = \"mqtt://127.0.0.1\"\n")

    let run = try await lane.run(["run", "--config", path])

    #expect(run.status == 64)
    #expect(run.standardError.hasPrefix("lane run: \(path): line 4: centre.brokr: unknown key"))
  }

  @Test("When a value fails the option's own check, then it exits 64 saying so and naming the file")
  func optionCheck() async throws {
    let path = try config("wiring = \"wiring.toml\"\nhttp = \"0.0.0.0:8080\"\n")

    let run = try await lane.run(["run", "--config", path])

    #expect(run.status == 64)
    #expect(run.standardError.contains("--http-public"))
    #expect(run.standardError.contains("(with --config \(path))"))
  }

  @Test("When the file's http is beyond loopback with http_public, then the address passes and the run goes on to the wiring")
  func publicAddress() async throws {
    let path = try config(
      "wiring = \"missing-wiring.toml\"\nhttp = \"0.0.0.0:8080\"\nhttp_public = true\n")

    let run = try await lane.run(["run", "--config", path])

    // Then: the wiring file is the first thing missing (78), before anything is bound.
    #expect(run.status == 78)
    #expect(run.standardError.hasPrefix("lane run: \(folder.path("missing-wiring.toml")):"))
  }

  @Test("When the file has http_public without http, then it exits 64 naming the line")
  func publicWithoutAddress() async throws {
    let path = try config("wiring = \"wiring.toml\"\nhttp_public = true\n")

    let run = try await lane.run(["run", "--config", path])

    #expect(run.status == 64)
    #expect(run.standardError.hasPrefix("lane run: \(path): line 2: http_public: goes with http"))
  }

  @Test("When the file's broker is not an MQTT URL, then it exits 64 before any journal is made")
  func badBroker() async throws {
    let path = try config(
      "wiring = \"wiring.toml\"\njournal = \"lane.journal\"\n[centre]\nbroker = \"http://desk\"\n")

    let run = try await lane.run(["run", "--config", path])

    #expect(run.status == 64)
    #expect(run.standardError.hasPrefix("lane run: --broker 'http://desk' is not mqtt://HOST:PORT"))
    #expect(run.standardError.contains("(with --config \(path))"))
    #expect(!FileManager.default.fileExists(atPath: folder.path("lane.journal")))
  }

  @Test("When the file's CA file cannot be read, then it exits 66 naming the file it resolved")
  func unreadableCAFile() async throws {
    let path = try config(
      "wiring = \"wiring.toml\"\n[centre]\nbroker = \"mqtts://desk\"\ncafile = \"ca.crt\"\n")

    let run = try await lane.run(["run", "--config", path])

    #expect(run.status == 66)
    #expect(run.standardError.hasPrefix("lane run: --cafile '\(folder.path("ca.crt"))' cannot be read"))
  }

  @Test("When the file is missing, then it exits 66")
  func missing() async throws {
    let run = try await lane.run(["run", "--config", folder.path("none.toml")])

    #expect(run.status == 66)
    #expect(run.standardError.hasPrefix("lane run: \(folder.path("none.toml")): cannot read the file"))
  }

  @Test("When the file is a device, then it exits 66 at once without reading it")
  func device() async throws {
    let run = try await lane.run(["run", "--config", "/dev/zero"])

    #expect(run.status == 66)
    #expect(run.standardError.contains("a character device"))
  }

  @Test("When the file names a relative wiring file, then it is looked for beside the file")
  func relativeWiring() async throws {
    let path = try config("wiring = \"file-wiring.toml\"\n")

    let run = try await lane.run(["run", "--config", path])

    #expect(run.status == 78)
    #expect(run.standardError.hasPrefix("lane run: \(folder.path("file-wiring.toml")):"))
  }

  @Test("When --wiring is given too, then it overrides the file's wiring")
  func override() async throws {
    let path = try config("wiring = \"file-wiring.toml\"\n")

    let run = try await lane.run(["run", "--config", path, "--wiring", folder.path("option-wiring.toml")])

    #expect(run.status == 78)
    #expect(run.standardError.hasPrefix("lane run: \(folder.path("option-wiring.toml")):"))
  }

  @Test("When neither the file nor the command line names a wiring file, then it exits 64")
  func noWiring() async throws {
    let path = try config("lane = \"lane7\"\n")

    let run = try await lane.run(["run", "--config", path])

    #expect(run.status == 64)
    #expect(run.standardError.hasPrefix("lane run: give the lane's wiring file with --wiring"))
  }

  @Test("When lane simulate's file names bowlers, then the replay's games are theirs")
  func simulateBowlers() async throws {
    let path = try config("bowlers = [\"Cho\", \"Dee\"]\n")

    let run = try await lane.run(["simulate", "--json", "--config", path, BundledTrace.all[0].path])

    #expect(run.status == 0)
    #expect(run.standardOutput.contains("\"name\":\"Cho\""))
    #expect(run.standardOutput.contains("\"name\":\"Dee\""))
  }

  @Test("When --bowlers is given too, then it overrides the file's bowlers")
  func simulateBowlersOverride() async throws {
    let path = try config("bowlers = [\"Cho\", \"Dee\"]\n")

    let run = try await lane.run(
      ["simulate", "--json", "--config", path, "--bowlers", "Eve", BundledTrace.all[0].path])

    #expect(run.status == 0)
    #expect(run.standardOutput.contains("\"name\":\"Eve\""))
    #expect(!run.standardOutput.contains("Cho"))
  }
}
