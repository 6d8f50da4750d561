import Foundation
import TestSupport
import Testing
import WebBoard
import WebServer

/// Records pages that cannot be made: each page throws `error`.
private struct FailingRecordsPages: RecordsPages {
  let error: RecordsPageError

  func index() throws -> String { throw error }
  func sheet(lane: String, session: String) throws -> String? { throw error }
  func bowler(id: String) throws -> String? { throw error }
  func roster(league: String) throws -> String? { throw error }
  var stylesheets: [String: [UInt8]] { [:] }
}

@Suite("The /records pages when the store cannot answer, on a loopback port", .serialized)
struct RecordsPagesErrorTests {
  @Test(
    "When the store cannot answer a records page, then the server says why with 503 when it may answer later and 500 when it cannot",
    arguments: [
      (RecordsPageError.Kind.unavailable, "503 Service Unavailable"), (.failed, "500 Internal Server Error"),
    ])
  func status(_ kind: RecordsPageError.Kind, _ status: String) async throws {
    let message = "cannot use the store centre.store: database is locked"
    let server = try await RunningBoardServer.start(
      BoardServer(
        hub: BoardHub(), address: HTTPAddress(host: "127.0.0.1", port: 0),
        records: FailingRecordsPages(error: RecordsPageError(kind, message))))
    let port = server.port
    let answers = try await offPool {
      try ["/records", "/records/sheet?lane=1&session=s", "/records/bowler?id=x", "/records/roster?league=L"].map { path in
        let client = try LoopbackClient(port: port)
        try client.get(path)
        return try client.response()
      }
    }
    await server.stop()

    for (head, body) in answers {
      #expect(head.hasPrefix("HTTP/1.1 \(status)"), "\(head)")
      #expect(body.contains(message), "\(body)")
    }
  }
}
