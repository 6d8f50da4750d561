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
  }

  @Suite("AcknowledgementFile beside a journal")
  struct Acknowledgements {
    let folder: String

    init() throws {
      var template = Array(
        (NSTemporaryDirectory() + "/lanebridge-ack-XXXXXX").utf8CString)
      guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        throw CocoaError(.fileWriteUnknown)
      }
      folder = String(cString: made)
    }

    @Test("When an acknowledgement is written and read back, then it is the same, and a later one replaces it")
    func roundTrip() throws {
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let file = AcknowledgementFile(besideJournal: folder + "/lane.journal")
      #expect(try file.read() == nil)
      try file.write(Payload.Ack(session: "2026-11-23T16:47:49Z", upto: 20))
      try file.write(Payload.Ack(session: "2026-11-23T16:47:49Z", upto: 40))
      #expect(try file.read() == Payload.Ack(session: "2026-11-23T16:47:49Z", upto: 40))
      #expect(!FileManager.default.fileExists(atPath: file.path + ".new"))
    }

    @Test("When the file holds something else, then reading it is refused with what to do")
    func foreignFile() throws {
      defer { try? FileManager.default.removeItem(atPath: folder) }
      let file = AcknowledgementFile(besideJournal: folder + "/lane.journal")
      try "not ours".write(toFile: file.path, atomically: false, encoding: .utf8)
      #expect {
        try file.read()
      } throws: { error in
        "\(error)".contains("is not a LaneBridge acknowledgement file")
      }
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
