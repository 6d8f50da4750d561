import CentreLink
import Foundation
import LaneConfiguration
import TestSupport
import Testing

@Suite("A lane config file")
struct LaneConfigTests {
  /// Parses `text` as the config file `/etc/lanebridge/lane7/lane.toml`.
  static func parse(_ text: String) throws(LaneConfigError) -> LaneConfig {
    try LaneConfig(parsing: text, name: "lane.toml", folder: "/etc/lanebridge/lane7")
  }

  /// The problems of `text`, or none when it parses.
  static func problems(_ text: String) -> [LaneConfigError.Problem] {
    do {
      _ = try parse(text)
      return []
    } catch {
      return error.problems
    }
  }

  @Suite("Given a file with every setting")
  struct Complete {
    let config: LaneConfig

    init() throws {
      config = try LaneConfigTests.parse(
        """
        lane = "lane7"
        wiring = "wiring.toml"
        journal = "/var/lib/lanebridge/lane7/lane.journal"
        bowlers = ["Ana", "Ben"]
        http = "0.0.0.0:8080"
        http_public = true

        [centre]
        broker = "mqtts://desk-pc.local:8883"
        credentials = "secrets/mqtt"
        cafile = "ca.crt"
        certfile = "/etc/ssl/lane7.crt"
        keyfile = "lane7.key"
        """)
    }

    @Test("When it is read, then every setting is kept and relative paths are in its folder")
    func everySetting() {
      #expect(
        config
          == LaneConfig(
            lane: "lane7", wiring: "/etc/lanebridge/lane7/wiring.toml",
            journal: "/var/lib/lanebridge/lane7/lane.journal", bowlers: ["Ana", "Ben"],
            http: "0.0.0.0:8080", httpPublic: true,
            centre: .init(
              broker: "mqtts://desk-pc.local:8883",
              credentials: "/etc/lanebridge/lane7/secrets/mqtt",
              cafile: "/etc/lanebridge/lane7/ca.crt", certfile: "/etc/ssl/lane7.crt",
              keyfile: "/etc/lanebridge/lane7/lane7.key")))
    }
  }

  @Test("When the file is empty, then it sets nothing")
  func empty() throws {
    #expect(try Self.parse("") == LaneConfig())
  }

  @Test("When http_public is false, then the address stays loopback-only")
  func notPublic() throws {
    let config = try Self.parse("http = \"127.0.0.1:8080\"\nhttp_public = false\n")
    #expect(config == LaneConfig(http: "127.0.0.1:8080", httpPublic: false))
  }

  @Test("When the file is in the working folder, then relative paths stay relative")
  func bareFileName() throws {
    let config = try LaneConfig(parsing: "wiring = \"w.toml\"", name: "lane.toml", folder: ".")
    #expect(config.wiring == "w.toml")
  }

  @Suite("Given a file with mistakes")
  struct Mistakes {
    @Test("When a key is misspelt, then the problem names the key, its line and the keys there are")
    func unknownKey() {
      let problems = LaneConfigTests.problems("lane = \"7\"\n[centre]\nbrokr = \"mqtt://x\"\n")
      #expect(problems.count == 1)
      #expect(problems.first?.key == "centre.brokr")
      #expect(problems.first?.line == 3)
      #expect(problems.first?.message.contains("broker, credentials, cafile") == true)
    }

    @Test("When a value has the wrong type, then the problem says what was expected and found")
    func wrongType() {
      let problems = LaneConfigTests.problems("lane = 7\n")
      #expect(problems == [
        .init(key: "lane", line: 1, message: "expected a string in quotes, found the number 7")
      ])
    }

    @Test("When the lane is not a lane name, then it is refused as --lane is")
    func badLane() {
      let problems = LaneConfigTests.problems("\n\nlane = \"desk\"\n")
      #expect(problems.map(\.key) == ["lane"])
      #expect(problems.first?.line == 3)
      #expect(problems.first?.message.contains("is not a lane name") == true)
    }

    @Test("When a bowler's name is empty or holds a comma, then each is named by its place")
    func badBowlers() {
      let problems = LaneConfigTests.problems("bowlers = [\"Ana\", \"\", \"B,C\"]\n")
      #expect(problems.map(\.key) == ["bowlers[2]", "bowlers[3]"])
      #expect(problems.allSatisfy { $0.line == 1 })
    }

    @Test("When bowlers is a string, then it asks for a list")
    func bowlersAsString() {
      let problems = LaneConfigTests.problems("bowlers = \"Ana,Ben\"\n")
      #expect(problems.first?.message.hasPrefix("expected a list of names") == true)
    }

    @Test("When http_public is true without http, then it is refused as --http-public without --http is")
    func publicWithoutAddress() {
      let problems = LaneConfigTests.problems("lane = \"7\"\nhttp_public = true\n")
      #expect(problems.map(\.key) == ["http_public"])
      #expect(problems.first?.line == 2)
      #expect(problems.first?.message.hasPrefix("goes with http;") == true)
    }

    @Test("When http_public is not true or false, then it says what it found")
    func publicNotBool() {
      let problems = LaneConfigTests.problems("http = \"0.0.0.0:80\"\nhttp_public = \"yes\"\n")
      #expect(problems == [
        .init(key: "http_public", line: 2, message: "expected true or false, found the string \"yes\"")
      ])
    }

    @Test("When centre is not a table, then it says so")
    func centreNotTable() {
      #expect(LaneConfigTests.problems("centre = \"mqtt://x\"\n").map(\.key) == ["centre"])
    }

    @Test("When the TOML is broken, then the problem is the syntax error with its line")
    func syntax() {
      let problems = LaneConfigTests.problems("lane = \"7\"\nwiring = \n")
      #expect(problems.count == 1)
      #expect(problems.first?.line == 2)
      #expect(problems.first?.message.hasPrefix("not valid TOML") == true)
    }

    @Test("When a table header has no name, then it is a syntax problem, not an abort in toml++")
    func unnamedHeader() {
      let problems = LaneConfigTests.problems("lane = \"7\"\n[!]\n")
      #expect(problems.map(\.line) == [2])
      #expect(problems.first?.message.contains("a table header needs a name") == true)
    }

    @Test("When the file holds a NUL byte, then it is refused as not text, naming the line")
    func binary() {
      let problems = LaneConfigTests.problems("lane = \"7\"\n\u{0}\u{1}\n")
      #expect(problems == [
        .init(key: "", line: 2, message: "the file is not UTF-8 text; give a lane config file")
      ])
    }

    @Test("When there are 25 unknown keys, then 20 are listed and the rest counted")
    func manyProblems() throws {
      let text = (1...25).map { "key\($0) = 1" }.joined(separator: "\n")
      let error = #expect(throws: LaneConfigError.self) { try LaneConfigTests.parse(text) }
      let description = try #require(error).description
      #expect(description.hasPrefix("lane.toml has 25 problems:\nlane.toml: line 1: key1: unknown key"))
      #expect(description.hasSuffix("\nand 5 more"))
    }

    @Test("When a key is very long, then the message quotes at most 80 characters of it")
    func longKey() throws {
      let key = String(repeating: "k", count: 500)
      let problem = try #require(LaneConfigTests.problems("\(key) = 1").first)
      #expect(problem.description.contains("… (500 characters)"))
      #expect(problem.description.count < 300)
    }
  }

  @Suite("Given the file on disk")
  struct OnDisk {
    let folder: ScratchFolder

    init() throws {
      folder = try ScratchFolder("lane-config")
    }

    @Test("When it is read, then relative paths are resolved against its folder")
    func relativePaths() throws {
      try "wiring = \"wiring.toml\"\n".write(
        toFile: folder.path("lane.toml"), atomically: false, encoding: .utf8)
      let config = try LaneConfig(contentsOf: folder.path("lane.toml"))
      #expect(config.wiring == folder.path("wiring.toml"))
    }

    @Test("When it starts with a byte order mark, then it is read")
    func byteOrderMark() throws {
      try Data([0xEF, 0xBB, 0xBF] + Array("lane = \"7\"\n".utf8)).write(to: folder.url.appendingPathComponent("lane.toml"))
      #expect(try LaneConfig(contentsOf: folder.path("lane.toml")).lane == "7")
    }

    @Test("When it is missing, then it is unreadable")
    func missing() {
      let error = #expect(throws: LaneConfigError.self) {
        try LaneConfig(contentsOf: folder.path("none.toml"))
      }
      #expect(error?.isUnreadable == true)
    }

    @Test("When it is a symbolic link, then it is refused unread")
    func symlink() throws {
      try "lane = \"7\"\n".write(toFile: folder.path("real.toml"), atomically: false, encoding: .utf8)
      try FileManager.default.createSymbolicLink(
        atPath: folder.path("lane.toml"), withDestinationPath: folder.path("real.toml"))
      let error = #expect(throws: LaneConfigError.self) {
        try LaneConfig(contentsOf: folder.path("lane.toml"))
      }
      #expect(error?.isUnreadable == true)
      #expect(error?.description.contains("symbolic link") == true)
    }

    @Test("When it is a FIFO nobody writes, then it is refused at once instead of hanging")
    func fifo() throws {
      #expect(mkfifo(folder.path("lane.toml"), 0o600) == 0)
      let error = #expect(throws: LaneConfigError.self) {
        try LaneConfig(contentsOf: folder.path("lane.toml"))
      }
      #expect(error?.description.contains("a FIFO, not a regular file; give a lane config file") == true)
    }

    @Test("When it is a device, then it is refused without reading it")
    func device() {
      let error = #expect(throws: LaneConfigError.self) { try LaneConfig(contentsOf: "/dev/zero") }
      #expect(error?.isUnreadable == true)
      #expect(error?.description.contains("a character device") == true)
    }

    @Test("When it is larger than 64 KiB, then it is refused as too large")
    func huge() throws {
      let text = "# " + String(repeating: "x", count: LaneConfig.maximumSize) + "\n"
      try text.write(toFile: folder.path("lane.toml"), atomically: false, encoding: .utf8)
      let error = #expect(throws: LaneConfigError.self) {
        try LaneConfig(contentsOf: folder.path("lane.toml"))
      }
      #expect(error?.description.contains("larger than 64 KiB") == true)
    }
  }

  /// The sample config under deploy/, as shipped (a lane on its own) or with its `[centre]`
  /// table switched on the way its comment says (the first `#` of each line removed).
  static func sample(withCentre: Bool) throws -> (config: LaneConfig, path: String) {
    // Tests/LaneConfigurationTests/LaneConfigTests.swift → the package's deploy/lane/lane.toml.
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("deploy/lane/lane.toml")
    var lines = try String(contentsOf: sample, encoding: .utf8).components(separatedBy: "\n")
    if withCentre {
      let table = try #require(lines.firstIndex(of: "#[centre]"))
      for index in lines.indices[table...] where lines[index].hasPrefix("#") {
        lines[index].removeFirst()
      }
    }
    let text = lines.joined(separator: "\n")
    return (try LaneConfig(parsing: text, name: sample.path, folder: "/etc/lanebridge/lane7"), sample.path)
  }

  @Test("When the sample config under deploy/ is read as shipped, then it is a lane on its own with its paths in /etc")
  func bundledSample() throws {
    let config = try Self.sample(withCentre: false).config
    #expect(config.lane == "lane7")
    #expect(config.wiring == "/etc/lanebridge/lane7/wiring.toml")
    #expect(config.journal == "/var/lib/lanebridge/lane7/lane.journal")
    #expect(config.centre.broker == nil)
  }

  @Test("When the sample's centre table is switched on as its comment says, then its broker passes --broker's own check")
  func bundledSampleWithCentre() throws {
    let (config, path) = try Self.sample(withCentre: true)
    #expect(config.centre.broker == "mqtts://desk-pc.local:8883")
    #expect(config.centre.credentials == "/etc/lanebridge/lane7/mqtt-credentials")
    #expect(config.centre.cafile == "/etc/lanebridge/lane7/ca.crt")
    #expect(config.centre.certfile == nil)
    // The sample stands in for the CA file, which is only checked to be readable here.
    let broker = try #require(config.centre.broker)
    #expect(throws: Never.self) {
      try BrokerSettings(url: broker, credentialsFile: nil, caFile: path)
    }
  }

}
