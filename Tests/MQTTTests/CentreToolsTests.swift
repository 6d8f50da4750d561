import Foundation
import TestSupport
import Testing

/// deploy/centre/'s tools for the broker's users and ACL (add-user.sh, grant.sh,
/// upgrade-acl.sh) on files in a scratch folder: what they write, and what they refuse
/// without changing anything (docs/centre.md, "Security").
@Suite("The centre's user and ACL tools", .holdsAThread)
struct CentreToolsTests {
  /// A scratch folder for an ACL and a password file, removed with the value.
  final class Scratch: Sendable {
    let folder: String
    var acl: String { folder + "/acl" }
    var passwords: String { folder + "/passwd" }

    init() throws {
      folder = try Mosquitto.makeScratchFolder()
    }

    deinit {
      Mosquitto.remove(folder)
    }

    /// Runs deploy/centre/`tool` with `arguments`: its status and output.
    func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
      try TestBroker.outcome("/bin/bash", [OlderACL.tool(tool)] + arguments)
    }

    func read(_ file: String) -> String? {
      try? String(contentsOfFile: file, encoding: .utf8)
    }

    /// The folder's files, by name, and their texts.
    func files() throws -> [String: String] {
      var texts: [String: String] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
        texts[name] = read(folder + "/" + name) ?? "(not text)"
      }
      return texts
    }
  }

  @Suite("Given a centre made by add-user.sh: the desk, lane1 and the display kiosk7")
  struct MadeCentre {
    let tools: Scratch

    init() throws {
      tools = try Scratch()
      try FileManager.default.copyItem(
        atPath: TestBroker.deployFolder.appendingPathComponent("acl").path, toPath: tools.acl)
      for (role, name) in [("desk", "desk"), ("lane", "lane1"), ("display", "kiosk7")] {
        try TestBroker.run(
          "/bin/bash",
          [OlderACL.tool("add-user.sh"), tools.passwords, tools.acl, role, name, tools.folder + "/\(name).credentials"])
      }
    }

    @Test(
      "When add-user.sh or grant.sh is given a name that is already a lane, a display or the desk, desk for another role, or a name that could not be a topic level, then it refuses and changes nothing",
      arguments: [
        // role, name, add-user.sh's status, grant.sh's (run alone, as for a user with a
        // certificate only, it keeps a block that is the role's already)
        ("lane", "lane1", 73, 0), ("display", "lane1", 73, 73), ("lane", "kiosk7", 73, 73),
        ("desk", "desk", 73, 0), ("lane", "desk", 73, 65), ("display", "desk", 73, 65),
        ("desk", "lane7", 65, 65), ("kiosk", "lane7", 65, 65), ("lane", "lane/1", 65, 65),
        ("lane", "lane+", 65, 65), ("display", "#", 65, 65), ("lane", "", 65, 65),
      ] as [(String, String, Int32, Int32)])
    func refusesNames(role: String, name: String, added: Int32, granted: Int32) throws {
      let before = try tools.files()

      let adding = try tools.run(
        "add-user.sh", [tools.passwords, tools.acl, role, name, tools.folder + "/new.credentials"])
      let granting = try tools.run("grant.sh", [tools.acl, role, name])

      #expect(adding.status == added, "\(adding.output)")
      #expect(granting.status == granted, "\(granting.output)")
      #expect(try tools.files() == before)
    }

    @Test("When grant.sh gives a user the block it has already, then it keeps the file as it is")
    func grantKeepsTheSameBlock() throws {
      let before = try tools.files()

      let granted = try tools.run("grant.sh", [tools.acl, "display", "kiosk7"])

      #expect(granted.status == 0, "\(granted.output)")
      #expect(granted.output.contains("kept as it is"))
      #expect(try tools.files() == before)
    }

    @Test("When a lane is added, then its block names only its own topics, and the ACL has no pattern line")
    func laneBlock() throws {
      let text = try #require(tools.read(tools.acl))

      #expect(text.hasPrefix("# lanebridge-acl 2\n"))
      #expect(!text.split(separator: "\n").contains { $0.hasPrefix("pattern") })
      let block = text.components(separatedBy: "\nuser lane1\n").last?.components(separatedBy: "\n\n").first
      #expect(
        block == """
          topic write lanebridge/v1/lanes/lane1/status
          topic write lanebridge/v1/lanes/lane1/events
          topic write lanebridge/v1/lanes/lane1/board
          topic write lanebridge/v1/lanes/lane1/replies
          topic read lanebridge/v1/lanes/lane1/commands
          topic read lanebridge/v1/lanes/lane1/ack
          topic read lanebridge/v1/lanes/lane1/display-requests
          topic read lanebridge/v1/desk/status
          """)
    }

    @Test("When the ACL has a hand-written pattern line, then grant.sh, add-user.sh and upgrade-acl.sh refuse it (65), naming it, and change nothing")
    func patternLineRefused() throws {
      try (try #require(tools.read(tools.acl)) + "pattern readwrite lanebridge/v1/lanes/%u/#\n")
        .write(toFile: tools.acl, atomically: false, encoding: .utf8)
      let before = try tools.files()

      let outcomes = [
        try tools.run("grant.sh", [tools.acl, "lane", "lane2"]),
        try tools.run("add-user.sh", [tools.passwords, tools.acl, "lane", "lane2", tools.folder + "/lane2.credentials"]),
        try tools.run("upgrade-acl.sh", [tools.acl, tools.passwords]),
      ]

      for outcome in outcomes {
        #expect(outcome.status == 65, "\(outcome.output)")
        #expect(outcome.output.contains("pattern readwrite lanebridge/v1/lanes/%u/#"), "\(outcome.output)")
      }
      #expect(try tools.files() == before)
    }
  }

  @Suite("Given an older centre's ACL: its lanes served by pattern lines, a display and a user added by hand")
  struct OlderCentre {
    let tools: Scratch

    /// With the users desk, lane1, lane2, display and kiosk7 in the password file, and
    /// lane9 a client certificate beside the ACL, as make-certs.sh --client makes one.
    init() throws {
      tools = try Scratch()
      try OlderACL.centre.write(toFile: tools.acl, atomically: false, encoding: .utf8)
      try ["desk", "lane1", "lane2", "display", "kiosk7"].map { "\($0):$7$hash\n" }.joined()
        .write(toFile: tools.passwords, atomically: false, encoding: .utf8)
      for certificate in ["ca", "server", "lane9", "kiosk7"] {
        try Data().write(to: URL(fileURLWithPath: tools.folder + "/\(certificate).crt"))
      }
    }

    @Test("When upgrade-acl.sh runs, then every line but the sample's own stays, each lane gets its block, the file before is kept, and a second run changes nothing")
    func upgrade() throws {
      let upgraded = try tools.run("upgrade-acl.sh", [tools.acl, tools.passwords])

      #expect(upgraded.status == 0, "\(upgraded.output)")
      #expect(tools.read(tools.acl + ".v1") == OlderACL.centre)
      let text = try #require(tools.read(tools.acl))
      let lines = text.split(separator: "\n").map(String.init)
      #expect(lines.first == "# lanebridge-acl 2")
      #expect(!lines.contains { $0.hasPrefix("pattern") })
      // The older file's lines, but for the sample's header, lane comment and patterns,
      // in their order, before the lanes' blocks.
      let sampleOwn = OlderACL.sample.split(separator: "\n").map(String.init)
        .filter { $0.hasPrefix("pattern") || $0.hasPrefix("# Every lane") || $0.hasPrefix("# commands, ack") }
        + OlderACL.sample.split(separator: "\n").prefix(4).map(String.init)
      let kept = OlderACL.centre.split(separator: "\n").map(String.init).filter { !sampleOwn.contains($0) }
      let sampleHeader = try String(contentsOf: TestBroker.deployFolder.appendingPathComponent("acl"), encoding: .utf8)
      let body = lines.dropFirst(sampleHeader.split(separator: "\n").count).prefix { !$0.hasPrefix("# Lane ") }
      #expect(Array(body) == kept)
      for lane in ["lane1", "lane2", "lane9"] {
        #expect(text.components(separatedBy: "\nuser \(lane)\n").count == 2, "\(lane)'s block: \(text)")
        #expect(text.contains("user \(lane)\ntopic write lanebridge/v1/lanes/\(lane)/status\n"))
      }
      for user in ["desk", "display", "kiosk7", "backup"] {
        #expect(text.components(separatedBy: "\nuser \(user)\n").count == 2, "\(user) has its one block: \(text)")
      }

      // When it runs again, then nothing changes and no second backup is made.
      let before = try tools.files()
      let again = try tools.run("upgrade-acl.sh", [tools.acl, tools.passwords])
      #expect(again.status == 0, "\(again.output)")
      #expect(again.output.contains("nothing to upgrade"))
      #expect(try tools.files() == before)
    }

    @Test("When grant.sh or add-user.sh is given the older ACL, then it refuses (65) naming upgrade-acl.sh and changes nothing")
    func olderACLNamesTheUpgrade() throws {
      let before = try tools.files()

      let granted = try tools.run("grant.sh", [tools.acl, "lane", "lane3"])
      let added = try tools.run(
        "add-user.sh", [tools.passwords, tools.acl, "lane", "lane3", tools.folder + "/lane3.credentials"])

      for outcome in [granted, added] {
        #expect(outcome.status == 65, "\(outcome.output)")
        #expect(outcome.output.contains("upgrade-acl.sh"), "\(outcome.output)")
      }
      #expect(try tools.files() == before)
    }

    @Test("When the older ACL has a pattern line the sample never had, then upgrade-acl.sh refuses (65), naming it, and changes nothing")
    func handWrittenPattern() throws {
      try (OlderACL.centre + "pattern write lanebridge/v1/lanes/%u/games/#\n")
        .write(toFile: tools.acl, atomically: false, encoding: .utf8)
      let before = try tools.files()

      let upgraded = try tools.run("upgrade-acl.sh", [tools.acl, tools.passwords])

      #expect(upgraded.status == 65, "\(upgraded.output)")
      #expect(upgraded.output.contains("pattern write lanebridge/v1/lanes/%u/games/#"), "\(upgraded.output)")
      #expect(try tools.files() == before)
    }

    @Test("When the ACL is not LaneBridge's, then upgrade-acl.sh refuses it (65) and changes nothing")
    func foreignACL() throws {
      try "user someone\ntopic readwrite #\n".write(toFile: tools.acl, atomically: false, encoding: .utf8)
      let before = try tools.files()

      let upgraded = try tools.run("upgrade-acl.sh", [tools.acl, tools.passwords])

      #expect(upgraded.status == 65, "\(upgraded.output)")
      #expect(try tools.files() == before)
    }
  }

  @Test(
    "When the ACL file is missing or a folder, then grant.sh, add-user.sh and upgrade-acl.sh exit 66 and make nothing",
    arguments: ["missing", "folder"])
  func noACLFile(kind: String) throws {
    let scratch = try Scratch()
    let (acl, folder) = (scratch.acl, scratch.folder)
    if kind == "folder" { try FileManager.default.createDirectory(atPath: acl, withIntermediateDirectories: false) }
    let before = try scratch.files()

    let outcomes = [
      try scratch.run("grant.sh", [acl, "lane", "lane1"]),
      try scratch.run("add-user.sh", [scratch.passwords, acl, "lane", "lane1", folder + "/lane1.credentials"]),
      try scratch.run("upgrade-acl.sh", [acl, "/dev/null"]),
    ]

    for outcome in outcomes {
      #expect(outcome.status == 66, "\(outcome.output)")
      #expect(outcome.output.contains(acl), "\(outcome.output)")
    }
    #expect(try scratch.files() == before)
  }
}
