import Journal
import Bowling
import Centre
import CentreLink
import Foundation
import LaneBridge
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

@Suite("The centre link's pieces without a broker")
struct CentreLinkTests {
  @Suite("BrokerSettings from the command line")
  struct Settings {
    @Test(
      "When --broker is a URL, then host and port are read, with the scheme's default port",
      arguments: [
        ("mqtt://127.0.0.1:1884", "127.0.0.1", 1884), ("mqtt://desk-pc.local", "desk-pc.local", 1883),
        ("mqtt://desk:1883/", "desk", 1883),
      ])
    func parses(url: String, host: String, port: Int) throws {
      let settings = try BrokerSettings(url: url, credentialsFile: nil, caFile: nil)
      #expect(settings.host == host)
      #expect(settings.port == port)
      #expect(settings.caFile == nil)
    }

    @Test(
      "When --broker is not an MQTT URL, then it is refused saying what to give",
      arguments: ["http://desk", "mqtt://", "mqtt://desk:0", "mqtt://desk:port", "desk:1883"])
    func refuses(url: String) {
      #expect(throws: BrokerSettings.Problem.self) {
        try BrokerSettings(url: url, credentialsFile: nil, caFile: nil)
      }
    }

    @Test("When mqtts:// comes without --cafile, then it is refused naming --cafile")
    func tlsNeedsCA() {
      #expect {
        try BrokerSettings(url: "mqtts://desk", credentialsFile: nil, caFile: nil)
      } throws: { error in
        "\(error)".contains("--cafile")
      }
    }

  }

  @Suite("BrokerSettings' credentials file")
  struct Credentials {
    let folder: ScratchFolder
    let path: String

    init() throws {
      folder = try ScratchFolder("lanebridge-credentials")
      path = folder.path("lane1.credentials")
    }

    func settings() throws -> BrokerSettings {
      try BrokerSettings(url: "mqtt://desk", credentialsFile: path, caFile: nil)
    }

    @Test("When it holds user and password lines and only its owner may read it, then they are the client's")
    func taken() throws {
      try "user=lane1\npassword=s3cret\n".write(toFile: path, atomically: false, encoding: .utf8)
      chmod(path, 0o600)

      let credentials = try settings().configuration(clientPrefix: "lane1", will: nil).credentials
      #expect(credentials?.username == "lane1")
      #expect(credentials?.password == "s3cret")
    }

    @Test(
      "When it is a FIFO, a symbolic link or over 4 KiB, then it is refused at once as unreadable (exit 66), saying what it is",
      arguments: RefusedFile.allCases)
    func unreadable(what: RefusedFile) throws {
      try what.make(at: path, limit: 4096)

      let error = #expect(throws: BrokerSettings.Problem.self) { try settings() }

      #expect(error?.isUnreadableFile == true)
      #expect(error?.description.contains("--mqtt-credentials '\(path)' cannot be read: it is \(what)") == true, "\(String(describing: error))")
    }
  }

  @Suite("BrokerSettings with a client certificate (mutual TLS)")
  struct ClientCertificate {
    let folder: ScratchFolder

    /// Given a CA, a certificate and a key (mode 600) in a scratch folder.
    init() throws {
      folder = try ScratchFolder("lanebridge-certs")
      for name in ["ca.crt", "lane1.crt", "lane1.key"] { try folder.touch(name) }
      chmod(folder.path("lane1.key"), 0o600)
    }

    @Test("When --certfile and --keyfile come with mqtts:// and --cafile, then the client shows them")
    func taken() throws {
      let settings = try BrokerSettings(
        url: "mqtts://desk", credentialsFile: nil, caFile: folder.path("ca.crt"),
        certFile: folder.path("lane1.crt"), keyFile: folder.path("lane1.key"))

      let tls = settings.configuration(clientPrefix: "lane1", will: nil).tls
      #expect(tls?.certFile == folder.path("lane1.crt"))
      #expect(tls?.keyFile == folder.path("lane1.key"))
    }

    @Test("When only one of --certfile and --keyfile is given, then it is refused saying they go together")
    func together() {
      for (cert, key) in [(folder.path("lane1.crt"), nil), (nil, folder.path("lane1.key"))] {
        #expect {
          try BrokerSettings(
            url: "mqtts://desk", credentialsFile: nil, caFile: folder.path("ca.crt"),
            certFile: cert, keyFile: key)
        } throws: { error in
          "\(error)".contains("go together")
        }
      }
    }

    @Test("When they come with plain mqtt://, then they are refused naming mqtts://")
    func plain() {
      #expect {
        try BrokerSettings(
          url: "mqtt://desk", credentialsFile: nil, caFile: nil,
          certFile: folder.path("lane1.crt"), keyFile: folder.path("lane1.key"))
      } throws: { error in
        "\(error)".contains("mqtts://")
      }
    }

    @Test("When the key is missing, then it is refused as unreadable (exit 66)")
    func missingKey() {
      let error = #expect(throws: BrokerSettings.Problem.self) {
        try BrokerSettings(
          url: "mqtts://desk", credentialsFile: nil, caFile: folder.path("ca.crt"),
          certFile: folder.path("lane1.crt"), keyFile: folder.path("none.key"))
      }
      #expect(error?.isUnreadableFile == true)
    }

    @Test(
      "When the CA, the certificate or the key is a FIFO, then it is refused at once as unreadable (exit 66), never opened by TLS",
      arguments: ["--cafile", "--certfile", "--keyfile"])
    func fifo(option: String) throws {
      let fifo = folder.path("fifo")
      #expect(mkfifo(fifo, 0o600) == 0)
      var files = [
        "--cafile": folder.path("ca.crt"), "--certfile": folder.path("lane1.crt"),
        "--keyfile": folder.path("lane1.key"),
      ]
      files[option] = fifo

      let error = #expect(throws: BrokerSettings.Problem.self) {
        try BrokerSettings(
          url: "mqtts://desk", credentialsFile: nil, caFile: files["--cafile"],
          certFile: files["--certfile"], keyFile: files["--keyfile"])
      }

      #expect(error?.isUnreadableFile == true)
      #expect(error?.description.contains("\(option) '\(fifo)' is not a regular file") == true, "\(String(describing: error))")
    }

    @Test("When the key is readable by every user, then it is refused saying chmod 600")
    func worldReadableKey() {
      chmod(folder.path("lane1.key"), 0o644)

      let error = #expect(throws: BrokerSettings.Problem.self) {
        try BrokerSettings(
          url: "mqtts://desk", credentialsFile: nil, caFile: folder.path("ca.crt"),
          certFile: folder.path("lane1.crt"), keyFile: folder.path("lane1.key"))
      }
      #expect(error?.description.contains("chmod 600") == true)
      #expect(error?.isUnreadableFile == false)
    }
  }

  @Suite("The desk's overview")
  struct Overview {
    @Test("When a lane's status carries faults, then its line shows them")
    func showsFaults() {
      var view = DeskLink.LaneView()
      view.state = .online
      view.faults = ["the ball detector missed the last 3 deliveries: check it and its line"]

      let screen = DeskOverview.render([try! LaneID("lane1"): view], now: .now)

      #expect(screen.contains("lane1"))
      #expect(screen.contains("faults: the ball detector missed the last 3 deliveries"))
    }

    @Test("When the overview goes to a log, then a lane's line is printed only when it changed, and never with the age of its last throw")
    func logLines() throws {
      let (lane1, lane2) = (try LaneID("lane1"), try LaneID("lane2"))
      var view = DeskLink.LaneView()
      view.state = .online
      view.lastThrow = .now
      var lanes = [lane1: view, lane2: view]
      var printed: [String: String] = [:]

      let first = DeskOverview.changedRows(lanes, since: &printed)
      let unchanged = DeskOverview.changedRows(lanes, since: &printed)
      lanes[lane2]?.faults = ["pin 3 rose again during the delivery"]
      let second = DeskOverview.changedRows(lanes, since: &printed)

      #expect(first.map { $0.prefix(5) } == ["lane1", "lane2"])
      #expect(unchanged.isEmpty)
      #expect(second.count == 1)
      #expect(second.first?.hasPrefix("lane2") == true)
      #expect(second.first?.hasSuffix("faults: pin 3 rose again during the delivery") == true, "\(second)")
      #expect(!(first + second).contains { $0.contains("last throw") || $0.contains("\u{1B}") })
    }
  }

  @Suite("AcknowledgementFile beside a journal")
  struct Acknowledgements {
    let folder: ScratchFolder
    let file: AcknowledgementFile

    init() throws {
      folder = try ScratchFolder("lanebridge-ack")
      file = AcknowledgementFile(besideJournal: folder.path("lane.journal"))
    }

    @Test("When an acknowledgement is written and read back, then it is the same, a later one replaces it, and nothing else is left beside it")
    func roundTrip() throws {
      #expect(try file.read() == nil)
      try file.write(Payload.Ack(session: "2026-11-23T16:47:49Z", upto: 20))
      try file.write(Payload.Ack(session: "2026-11-23T16:47:49Z", upto: 40))
      #expect(try file.read() == Payload.Ack(session: "2026-11-23T16:47:49Z", upto: 40))
      #expect(try folder.contents() == ["lane.journal.ack"])
    }

    @Test("When the file holds something else, then reading it is refused as not ours, with what to do")
    func foreignFile() throws {
      try "not ours".write(toFile: file.path, atomically: false, encoding: .utf8)
      let error = #expect(throws: AcknowledgementFile.Failure.self) { try file.read() }
      #expect(error?.kind == .notOurs)
      #expect(error?.description.contains("is not a LaneBridge acknowledgement file (version 1); move it away") == true)
    }

    @Test(
      "When the file is a FIFO, a symbolic link or over 4 KiB, then reading it is refused at once as unreadable, saying what it is",
      arguments: RefusedFile.allCases)
    func unreadable(what: RefusedFile) throws {
      try what.make(at: file.path, limit: AcknowledgementFile.maximumSize)

      let error = #expect(throws: AcknowledgementFile.Failure.self) { try file.read() }

      #expect(error?.kind == .unreadable)
      #expect(error?.description.contains("cannot read the acknowledgement file '\(file.path)': it is \(what)") == true, "\(String(describing: error))")
    }
  }

  @Suite("JournalOutboxSource over journal entries")
  struct Source {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    func entries(_ count: Int) -> [JournalEntry] {
      [JournalEntry(sequence: 1, time: start, author: "lane", event: .started(bowlers: []))]
        + (2...count).map { seq in
          JournalEntry(
            sequence: seq, time: start, author: "lane",
            event: .delivered(.init(knocked: PinSet([Pin.head]), isFoul: false)))
        }
    }

    @Test("When records after a seq are asked for, then they come in order, typed, with the journal's JSON")
    func recordsAfter() throws {
      let source = try JournalOutboxSource(entries: entries(5))
      #expect(source.lastSequence == 5)
      #expect(source.session == "2026-11-18T11:06:40Z")
      let records = source.records(after: 2, limit: 2)
      #expect(records.map(\.seq) == [3, 4])
      #expect(records.allSatisfy { $0.type == .throw })
      guard case .object(let fields) = records[0].record else {
        Issue.record("record is not a JSON object: \(records[0].record)")
        return
      }
      #expect(fields["seq"] == .number(3))
      #expect(source.records(after: 5, limit: 10).isEmpty)
    }

    @Test("When the journal skips a seq, then the source refuses it and keeps the fault")
    func gap() throws {
      let source = try JournalOutboxSource(entries: entries(3))
      var skipped = entries(5)[4]
      skipped.sequence = 5
      #expect(throws: JournalOutboxSource.Refusal.gap(expected: 4, got: 5)) {
        try source.add([skipped])
      }
      #expect(source.fault == .gap(expected: 4, got: 5))
      #expect(source.lastSequence == 3)
    }
  }
}
