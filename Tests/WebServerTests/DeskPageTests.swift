import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `lane desk --http --users` over HTTP as a browser or a tool meets it: who may sign in,
/// what a session may do, and what the lanes answer. A real mosquitto and real lanes.
@Suite(
  "The desk's signed-in page and API", .holdsAThread, .serialized,
  .enabled(
    if: Mosquitto.binary != nil || ProcessInfo.processInfo.environment["CI"] != nil,
    "needs Debian's mosquitto: scripts/install-packages test"))
struct DeskPageTests {
  @Suite("Given the desk serving with ana a clerk and mia a manager, and no lane yet", .serialized)
  final class SigningIn {
    let desk: DeskFixture

    init() throws {
      desk = try DeskFixture(store: true)
    }

    deinit { desk.stop() }

    @Test("When ana signs in, then she is sent to / with a session cookie that is HttpOnly, SameSite=Strict and expiring, and /api/session names her with a CSRF token")
    func signIn() throws {
      let reply = try desk.signInReply("ana", password: "ana's password")

      #expect(reply.status == 303)
      #expect(reply.values(of: "location") == ["/"])
      let cookie = try #require(reply.values(of: "set-cookie").first)
      let attributes = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      #expect(attributes.first?.hasPrefix("lanebridge_desk=") == true)
      #expect(attributes.contains("httponly"))
      #expect(attributes.contains("samesite=strict"))
      #expect(attributes.contains("max-age=43200"))
      #expect(attributes.contains("path=/"))
      // Over plain HTTP a Secure cookie would never come back.
      #expect(!attributes.contains("secure"))

      let session = try desk.get("/api/session", cookie: String(cookie.split(separator: ";")[0]))
      #expect(session.status == 200)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(session.body.utf8)) as? [String: Any])
      #expect(object["user"] as? String == "ana")
      #expect(object["role"] as? String == "clerk")
      #expect((object["csrf"] as? String)?.count == 64)
    }

    @Test("When a password or a name is wrong, then the sign-in page comes back with 401 and no cookie")
    func wrongPassword() throws {
      for (user, password) in [("ana", "not her password"), ("nobody", "ana's password"), ("", "")] {
        let reply = try desk.signInReply(user, password: password)
        #expect(reply.status == 401, "\(user)")
        #expect(reply.values(of: "set-cookie").isEmpty)
        #expect(reply.body.contains("Wrong name or password."))
      }
    }

    @Test("When ana keeps failing, then the 4th and 5th answers are slowed and then even her right password is refused with 429 and Retry-After; mia still signs in")
    func throttled() throws {
      var took: [Double] = []
      for _ in 1...5 {
        let started = Date()
        #expect(try desk.signInReply("ana", password: "guess").status == 401)
        took.append(Date().timeIntervalSince(started))
      }
      // Lower bounds only: a loaded machine may answer any of them later still.
      #expect(took[3] >= 0.45, "\(took)")
      #expect(took[4] >= 0.95, "\(took)")

      let refused = try desk.signInReply("ana", password: "ana's password")
      #expect(refused.status == 429)
      #expect(refused.values(of: "set-cookie").isEmpty)
      let retryAfter = try #require(refused.values(of: "retry-after").first.flatMap(Int.init))
      #expect((290...300).contains(retryAfter))
      #expect(refused.body.contains("Too many failed sign-ins: try again in 5 minutes."))
      #expect(try desk.signInReply("mia", password: "mia's password").status == 303)
    }

    @Test("When twenty wrong passwords for ana arrive at once, then at most five are checked and the rest refused unchecked with 429, and so is her right password after them")
    func parallelGuesses() async throws {
      let port = desk.port
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for guess in 0..<20 {
          group.addTask {
            try await offPool { try DeskFixture.signInReply(port: port, "ana", password: "guess \(guess)").status }
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }

      #expect(statuses.filter { $0 == 401 }.count <= 5, "\(statuses)")
      #expect(statuses.filter { $0 == 429 }.count >= 15, "\(statuses)")
      #expect(statuses.allSatisfy { [401, 429].contains($0) }, "\(statuses)")
      #expect(try desk.signInReply("ana", password: "ana's password").status == 429)
    }

    @Test("When another site's page posts a sign-in or a sign-out, then it is refused with 403 before any check, and ana's own page still signs her in")
    func fromAnotherSite() throws {
      for _ in 1...6 {
        for header in ["Origin: http://evil.example", "Origin: null", "Referer: http://evil.example/desk"] {
          let reply = try desk.signInReply("ana", password: "guess", headers: [header])
          #expect(reply.status == 403, "\(header)")
          #expect(reply.values(of: "set-cookie").isEmpty)
        }
      }
      // Eighteen refused from another site counted for nothing: ana is not locked out.
      #expect(try desk.signInReply("ana", password: "ana's password", headers: ["Origin: \(desk.origin)"]).status == 303)

      let (cookie, csrf) = try desk.signIn("ana")
      #expect(try desk.post("/logout", cookie: cookie, csrf: csrf, headers: ["Origin: http://evil.example"]).status == 403)
      #expect(try desk.get("/api/session", cookie: cookie).status == 200)
      #expect(try desk.post("/logout", cookie: cookie, csrf: csrf, headers: ["Origin: \(desk.origin)"]).status == 204)
    }

    @Test("When a request comes without a session, with a forged cookie or after sign-out, then pages go to /login and everything else is 401")
    func noSession() throws {
      let (cookie, csrf) = try desk.signIn("ana")
      #expect(try desk.post("/logout", cookie: cookie, csrf: csrf).status == 204)
      let forged = "lanebridge_desk=" + String(repeating: "0", count: 64)
      for presented in [nil, forged, cookie] {
        for path in ["/", "/lanes/1/games", "/records"] {
          let page = try desk.get(path, cookie: presented)
          #expect(page.status == 303, "\(path) with \(presented ?? "no cookie")")
          #expect(page.values(of: "location") == ["/login"])
        }
        for path in ["/api/session", "/api/lanes", "/events", "/api/lanes/1/games", "/api/faults"] {
          #expect(try desk.get(path, cookie: presented).status == 401, "\(path) with \(presented ?? "no cookie")")
        }
        for path in ["/api/lanes/1/commands", "/api/lanes/1/faults/acknowledge", "/logout"] {
          let reply = try desk.post(path, cookie: presented, csrf: csrf, json: #"{"action":"end-session"}"#)
          #expect(reply.status == 401, "POST \(path) with \(presented ?? "no cookie")")
        }
      }
    }

    @Test("When no one is signed in, then the pages' styles and scripts are served to anyone, the same as to ana, while the clerk's page still sends them to /login")
    func assetsOpen() throws {
      let (cookie, _) = try desk.signIn("ana")
      for path in ["/assets/board.css", "/assets/sign-in.css", "/assets/clerk.js"] {
        let open = try desk.get(path)
        #expect(open.status == 200, "\(path)")
        #expect(open.values(of: "cache-control") == ["public, no-cache"], "\(path)")
        #expect(open.values(of: "set-cookie").isEmpty, "\(path)")
        #expect(try desk.get(path, cookie: cookie).body == open.body, "\(path)")
      }
      #expect(try desk.get("/").values(of: "location") == ["/login"])
    }

    @Test("When the sign-in, the clerk's and the records' pages are served, then they are never cached or framed, say nosniff and same-origin, and take scripts and styles only from the desk's files")
    func pageHeaders() throws {
      let (cookie, _) = try desk.signIn("ana")
      let (manager, _) = try desk.signIn("mia")
      for (path, presented, script) in [("/login", nil, "'self'"), ("/", cookie, "'self'"), ("/records", manager, "'none'")] {
        let page = try desk.get(path, cookie: presented)

        #expect(page.status == 200, "\(path)")
        #expect(page.values(of: "cache-control") == ["no-store"], "\(path)")
        #expect(page.values(of: "x-frame-options") == ["DENY"], "\(path)")
        #expect(page.values(of: "x-content-type-options") == ["nosniff"], "\(path)")
        #expect(page.values(of: "referrer-policy") == ["same-origin"], "\(path)")
        let policy = try #require(page.values(of: "content-security-policy").first, "\(path)")
        let directives = Set(policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(directives.isSuperset(of: ["script-src \(script)", "style-src 'self'", "frame-ancestors 'none'"]), "\(path): \(policy)")
        #expect(!policy.contains("unsafe-inline"), "\(path): \(policy)")
        // Nothing the policy would block: no inline script, style or handler.
        #expect(page.body.firstMatch(of: /<script>|<style|\sstyle="|\son[a-z]+="/) == nil, "\(path)")
        // Every style the page links is served, as CSS.
        for style in page.body.matches(of: /<link rel="stylesheet" href="([^"]*)">/).map({ String($0.output.1) }) {
          let served = try desk.get(style, cookie: presented)
          #expect(served.status == 200, "\(style)")
          #expect(served.values(of: "content-type") == ["text/css; charset=utf-8"], "\(style)")
        }
      }
    }

    @Test("When anything that needs a session is answered, its data, its refusal or its redirect, then it is never cached and says nosniff; the open boards' assets are cached as before")
    func signedInAnswers() throws {
      let (cookie, _) = try desk.signIn("ana")
      let (manager, _) = try desk.signIn("mia")
      for (path, presented) in [
        ("/api/session", cookie), ("/api/lanes", cookie), ("/api/faults", cookie), ("/api/lanes/9/games", cookie),
        ("/records/styles/index.css", manager), ("/records", cookie), ("/api/session", nil), ("/", nil),
      ] {
        let reply = try desk.get(path, cookie: presented)

        #expect(reply.values(of: "cache-control") == ["no-store"], "\(path) \(reply.status)")
        #expect(reply.values(of: "x-content-type-options") == ["nosniff"], "\(path) \(reply.status)")
        #expect(reply.values(of: "content-security-policy").first?.contains("frame-ancestors 'none'") == true, "\(path)")
      }
      let asset = try desk.get("/assets/clerk.js")
      #expect(asset.values(of: "cache-control") == ["public, no-cache"])
      #expect(asset.values(of: "x-content-type-options") == ["nosniff"])
    }

    @Test("When a signed-in request changes something without its CSRF token or with another, then it is 403 and nothing is done")
    func csrf() throws {
      let (cookie, csrf) = try desk.signIn("ana")
      let (_, miaCSRF) = try desk.signIn("mia")
      for token in [nil, "", String(repeating: "0", count: 64), miaCSRF] {
        for path in ["/api/lanes/1/commands", "/api/lanes/1/faults/acknowledge", "/logout"] {
          let reply = try desk.post(path, cookie: cookie, csrf: token, json: #"{"action":"end-session"}"#)
          #expect(reply.status == 403, "POST \(path) with token \(token ?? "none")")
          #expect(reply.body.contains("X-CSRF-Token"))
        }
      }
      // The session still works: the refused sign-out did not end it.
      #expect(try desk.get("/api/session", cookie: cookie).status == 200)
      #expect(try desk.post("/logout", cookie: cookie, csrf: csrf).status == 204)
      #expect(try desk.get("/api/session", cookie: cookie).status == 401)
    }

    @Test("When ana, a clerk, opens the records, then it is 403; mia, a manager, reads them")
    func roles() throws {
      let (anaCookie, _) = try desk.signIn("ana")
      let (miaCookie, _) = try desk.signIn("mia")

      let refused = try desk.get("/records", cookie: anaCookie)
      #expect(refused.status == 403)
      #expect(refused.body.contains("ana is a clerk; records need a manager."))
      let records = try desk.get("/records", cookie: miaCookie)
      #expect(records.status == 200, "\(records)")
    }
  }

  @Suite("Given the desk, keeping a store, and lane 1 bowling over the broker", .serialized)
  final class Commands {
    let desk: DeskFixture

    init() throws {
      desk = try DeskFixture(store: true)
      try desk.startLane("1", trace: "two-games-held-out")
    }

    deinit { desk.stop() }

    @Test("When ana corrects the last throw and then starts a session too early, then each reply is the lane's, and the lane journals the correction as desk/ana/ID")
    func correct() throws {
      let (cookie, csrf) = try desk.signIn("ana")

      let corrected = try desk.post(
        "/api/lanes/1/commands", cookie: cookie, csrf: csrf, json: #"{"action":"correct","correction":"foul","id":"web-foul-1"}"#)
      #expect(corrected.status == 200, "\(corrected)")
      let reply = try #require(try JSONSerialization.jsonObject(with: Data(corrected.body.utf8)) as? [String: Any])
      #expect(reply["id"] as? String == "web-foul-1")
      #expect(reply["ok"] as? Bool == true, "\(reply)")

      let early = try desk.post(
        "/api/lanes/1/commands", cookie: cookie, csrf: csrf, json: #"{"action":"start-session","bowlers":["Ana","Ben"]}"#)
      let refused = try #require(try JSONSerialization.jsonObject(with: Data(early.body.utf8)) as? [String: Any])
      #expect(early.status == 200)
      #expect(refused["ok"] as? Bool == false)
      #expect((refused["message"] as? String)?.hasPrefix("refused: ") == true, "\(refused)")
      // The desk made the second request's id.
      #expect((refused["id"] as? String)?.hasPrefix("web-") == true)

      let journal = try String(contentsOfFile: desk.journal(of: "1"), encoding: .utf8)
      #expect(journal.contains("\"by\":\"desk/ana/web-foul-1\""), "\(journal.suffix(400))")
    }

    @Test("When ana signs out while her page streams the lanes, then her stream ends, whole, at its next update")
    func streamEndsWithTheSession() throws {
      let (cookie, csrf) = try desk.signIn("ana")
      let stream = try LoopbackClient(port: desk.port)
      try stream.get("/events", headers: ["Cookie: \(cookie)", "Connection: close"])
      try stream.read { $0.contains("\ndata: ") }
      #expect(try desk.post("/logout", cookie: cookie, csrf: csrf).status == 204)
      // An update for every stream, should the lane have none: mia corrects its last throw.
      let (mia, miaCSRF) = try desk.signIn("mia")
      let corrected = try desk.post(
        "/api/lanes/1/commands", cookie: mia, csrf: miaCSRF, json: #"{"action":"correct","correction":"foul"}"#)
      #expect(corrected.status == 200, "\(corrected)")
      var closed = false
      do {
        try stream.read(within: 30) { _ in false }
      } catch LoopbackClient.Failure.socket {
        closed = true
      }
      #expect(closed, "\(stream.received.suffix(300))")
      // The server ended the chunked body rather than cutting it off.
      #expect(stream.received.hasSuffix("\r\n0\r\n\r\n"), "\(stream.received.suffix(300))")
    }

    @Test("When a body claims another user, then the lane still journals the signed-in one")
    func userIsTheSession() throws {
      let (cookie, csrf) = try desk.signIn("ana")
      let reply = try desk.post(
        "/api/lanes/1/commands", cookie: cookie, csrf: csrf,
        json: #"{"action":"correct","correction":"foul","id":"web-claim","user":"mia"}"#)
      #expect(reply.status == 200, "\(reply)")
      #expect(reply.body.contains("\"ok\":true"), "\(reply)")
      let journal = try String(contentsOfFile: desk.journal(of: "1"), encoding: .utf8)
      #expect(journal.contains("\"by\":\"desk/ana/web-claim\""))
      #expect(!journal.contains("desk/mia/"))
    }

    @Test(
      "When a command is not one a lane takes, names an unknown lane or is a resend, then it is refused before it is sent",
      arguments: [
        ("/api/lanes/1/commands", #"not json"#, 400),
        ("/api/lanes/1/commands", #"{"action":"correct","correction":"pins","pins":[11]}"#, 400),
        ("/api/lanes/1/commands", #"{"action":"start-session","bowlers":[]}"#, 400),
        ("/api/lanes/1/commands", #"{"action":"rename"}"#, 400),
        ("/api/lanes/1/commands", #"{"action":"start-league"}"#, 400),
        ("/api/lanes/1/commands", #"{"action":"start-league","night":"\#(String(repeating: "x", count: 16 * 1024 + 1))"}"#, 400),
        ("/api/lanes/1/commands", #"{"action":"resend","from":1}"#, 403),
        ("/api/lanes/9/commands", #"{"action":"end-session"}"#, 404),
      ])
    func refusedBeforeSending(path: String, json: String, status: Int) throws {
      let (cookie, csrf) = try desk.signIn("ana")
      let reply = try desk.post(path, cookie: cookie, csrf: csrf, json: json)
      #expect(reply.status == status, "\(reply)")
    }

    @Test("When ana starts a league night on lane 1, which runs alone, then the lane's refusal says a night is a pair's, and a body past the commands' limit is refused unread")
    func leagueNightOnALaneAlone() throws {
      let (cookie, csrf) = try desk.signIn("ana")
      let night = try String(contentsOf: PackageFolder.url("docs/examples/tuesday-mixed.toml"), encoding: .utf8)
      let body = String(decoding: try JSONSerialization.data(withJSONObject: ["action": "start-league", "night": night]), as: UTF8.self)

      let reply = try desk.post("/api/lanes/1/commands", cookie: cookie, csrf: csrf, json: body)

      #expect(reply.status == 200, "\(reply)")
      #expect(reply.body.contains(#""ok":false"#) && reply.body.contains("this lane runs alone"), "\(reply.body)")
      let huge = #"{"action":"start-league","night":""# + String(repeating: "x", count: 120 * 1024) + #""}"#
      #expect(try desk.post("/api/lanes/1/commands", cookie: cookie, csrf: csrf, json: huge).status == 413)
    }

    @Test("When a clerk asks the records' next night of a league, then the desk without that league's nights says 404; without a session 401")
    func nextNight() throws {
      let (cookie, _) = try desk.signIn("ana")

      #expect(try desk.get("/api/leagues/next-night?league=Tuesday%20Mixed", cookie: cookie).status == 404)
      #expect(try desk.get("/api/leagues/next-night?league=Tuesday%20Mixed").status == 401)
    }

    @Test("When ana acknowledges a fault lane 1 reports, then /api/faults lists it as hers, also once the desk is restarted on its store; one it does not report is 409")
    func acknowledgeFault() throws {
      let (cookie, csrf) = try desk.signIn("ana")
      // two-games-held-out's pins rise again during deliveries: the lane warns, and its
      // status carries the last five warnings as faults; once its every throw is bowled
      // they stay as they are.
      let trace = BundledTrace(name: "two-games-held-out")
      let deadline = Date().addingTimeInterval(120)
      while try !trace.isBowled(intoJournalAt: desk.journal(of: "1")), Date() < deadline {
        Thread.sleep(forTimeInterval: 0.2)
      }
      var faults: [String] = []
      while faults.isEmpty, Date() < deadline {
        let board = try JSONSerialization.jsonObject(with: Data(try desk.get("/api/lanes/1", cookie: cookie).body.utf8))
        faults = (board as? [String: Any])?["faults"] as? [String] ?? []
        if faults.isEmpty { Thread.sleep(forTimeInterval: 0.2) }
      }
      let fault = try #require(faults.last)
      let body = String(decoding: try JSONSerialization.data(withJSONObject: ["fault": fault]), as: UTF8.self)

      let done = try desk.post("/api/lanes/1/faults/acknowledge", cookie: cookie, csrf: csrf, json: body)
      #expect(done.status == 200, "\(done)")
      func listedAsAnas(cookie: String) throws -> Bool {
        let listed = try desk.get("/api/faults", cookie: cookie)
        let entries = try JSONSerialization.jsonObject(with: Data(listed.body.utf8)) as? [[String: Any]] ?? []
        return entries.contains { $0["fault"] as? String == fault && $0["by"] as? String == "ana" && $0["lane"] as? String == "1" }
      }
      #expect(try listedAsAnas(cookie: cookie))

      // The desk restarted: mia signs in (sessions do not outlive the desk) and, once the
      // desk has heard lane 1's status again, sees ana's acknowledgement from the store.
      #expect(try desk.restartDesk() == 0)
      let (mia, miaCSRF) = try desk.signIn("mia")
      let restartedDeadline = Date().addingTimeInterval(30)
      var kept = try listedAsAnas(cookie: mia)
      while !kept, Date() < restartedDeadline {
        Thread.sleep(forTimeInterval: 0.2)
        kept = try listedAsAnas(cookie: mia)
      }
      let listed = try desk.get("/api/faults", cookie: mia).body
      #expect(kept, "\(listed)")

      let unknown = try desk.post(
        "/api/lanes/1/faults/acknowledge", cookie: mia, csrf: miaCSRF, json: #"{"fault":"no such fault"}"#)
      #expect(unknown.status == 409)
      #expect(try desk.post("/api/lanes/1/faults/acknowledge", cookie: mia, json: body).status == 403)
    }

    @Test("When the lane stops, then a command to it ends with 504 after the desk's wait")
    func laneGone() throws {
      let (cookie, csrf) = try desk.signIn("mia")
      try desk.stopLane("1")
      let reply = try desk.post("/api/lanes/1/commands", cookie: cookie, csrf: csrf, json: #"{"action":"end-session"}"#)
      #expect(reply.status == 504, "\(reply)")
      #expect(reply.body.contains("no reply within"))
    }
  }

  @Suite("Given the desk over HTTPS with a certificate for 127.0.0.1", .serialized)
  final class OverHTTPS {
    let desk: DeskFixture
    var certificate = ""

    init() throws {
      var made = ""
      desk = try DeskFixture { folder in
        made = try Self.makeCertificate(in: folder)
        return ["--tls-cert", made, "--tls-key", folder + "/desk.key"]
      }
      certificate = made
    }

    deinit { desk.stop() }

    /// A self-signed certificate for 127.0.0.1 and its key (mode 600), made by openssl.
    static func makeCertificate(in folder: String) throws -> String {
      let run = try ChildProcess(
        "/usr/bin/openssl",
        ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", folder + "/desk.key", "-out", folder + "/desk.crt"])
      guard run.waitForExit() == 0 else { throw LaneServing.Failure(description: "openssl req failed") }
      chmod(folder + "/desk.key", 0o600)
      return folder + "/desk.crt"
    }

    /// One request over TLS with `openssl s_client`, the certificate checked against ours:
    /// the response as text.
    func exchange(_ request: String) throws -> String {
      let client = try ChildProcess(
        "/usr/bin/openssl",
        ["s_client", "-connect", "127.0.0.1:\(desk.port)", "-CAfile", certificate, "-verify_return_error",
         "-verify_ip", "127.0.0.1", "-quiet", "-no_ign_eof"],
        input: .pipe(.intoChild), output: .pipe(.outOfChild))
      try client.standardInput!.write(request)
      let response = String(decoding: try client.standardOutput!.readToEnd(), as: UTF8.self)
      client.standardInput!.close()
      _ = client.waitForExit(within: .seconds(30))
      return response
    }

    @Test("When ana signs in over HTTPS, then the certificate is the desk's and the session cookie is also Secure")
    func secureCookie() throws {
      #expect(desk.desk.standardError.contains("serving the desk on https://127.0.0.1:"))
      let body = "user=ana&password=" + DeskFixture.formEncoded("ana's password")
      let response = try exchange(
        "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
          + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)

      #expect(response.hasPrefix("HTTP/1.1 303"), "\(response)")
      let cookie = try #require(
        response.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }).lowercased()
      #expect(cookie.contains("; secure"), "\(cookie)")
      #expect(cookie.contains("httponly"))
      #expect(cookie.contains("samesite=strict"))
      #expect(response.lowercased().contains("strict-transport-security: max-age=31536000"), "\(response)")
    }

    @Test("When a client offers only TLS 1.1, then the handshake fails; TLS 1.2 is served")
    func oldTLSRefused() throws {
      // The client's own floor lowered (Debian's OpenSSL refuses 1.1 itself), so only the
      // desk's can refuse it.
      func handshake(_ version: String) throws -> Int32? {
        let client = try ChildProcess(
          "/usr/bin/openssl",
          ["s_client", "-connect", "127.0.0.1:\(desk.port)", version, "-cipher", "DEFAULT:@SECLEVEL=0",
           "-CAfile", certificate],
          input: .pipe(.intoChild), output: .pipe(.outOfChild))
        client.standardInput!.close()
        _ = try client.standardOutput!.readToEnd()
        return client.waitForExit(within: .seconds(60))
      }

      #expect(try handshake("-tls1_1") != 0)
      #expect(try handshake("-tls1_2") == 0)
    }
  }

  @Suite("Given TLS files the desk must not use")
  struct BadTLSFiles {
    @Test("When the key is readable by every user, the certificate is a FIFO or not PEM, or only one is given, then lane desk exits with its status at once and says what to do")
    func refused() throws {
      let (broker, users) = try DeskFixture.brokerWithClerk()
      defer { broker.stop() }
      let folder = broker.folder.path
      let certificate = try OverHTTPS.makeCertificate(in: folder)
      let key = folder + "/desk.key"
      try FileManager.default.copyItem(atPath: key, toPath: folder + "/open.key")
      chmod(folder + "/open.key", 0o644)
      mkfifo(folder + "/fifo.crt", 0o600)
      try "not a certificate\n".write(toFile: folder + "/text.crt", atomically: true, encoding: .utf8)

      for (tls, status, message) in [
        (["--tls-cert", certificate, "--tls-key", folder + "/open.key"], Int32(78), "readable by every user"),
        (["--tls-cert", folder + "/fifo.crt", "--tls-key", key], 66, "not a regular file"),
        (["--tls-cert", folder + "/text.crt", "--tls-key", key], 78, "not a PEM certificate"),
        (["--tls-cert", folder + "/missing.crt", "--tls-key", key], 66, "cannot be read"),
        (["--tls-cert", certificate], 64, "--tls-cert and --tls-key go together"),
      ] {
        let (exit, errors) = try DeskFixture.desk(broker: broker, users: users, tls)
        #expect(exit == status, "\(tls): \(errors)")
        #expect(errors.contains(message), "\(errors)")
      }
    }
  }

  @Suite("Given the desk signing a session out after 10 s unused (--session-idle 10)", .serialized)
  final class IdleSessions {
    let desk: DeskFixture

    init() throws {
      desk = try DeskFixture { _ in ["--session-idle", "10"] }
    }

    deinit { desk.stop() }

    @Test("When ana uses her session every 5 s for 15 s, then it lasts; once she leaves it for 10 s, then she is signed out and the page sends her to /login")
    func idle() throws {
      let (cookie, _) = try desk.signIn("ana")
      // Each request starts the 10 s again: without it, the third would come after 15 s.
      for _ in 1...3 {
        Thread.sleep(forTimeInterval: 5)
        #expect(try desk.get("/api/session", cookie: cookie).status == 200)
      }

      Thread.sleep(forTimeInterval: 10.5)

      #expect(try desk.get("/api/session", cookie: cookie).status == 401)
      #expect(try desk.get("/", cookie: cookie).values(of: "location") == ["/login"])
      // Signed out for good: the session is not brought back by using it.
      #expect(try desk.get("/api/lanes", cookie: cookie).status == 401)
    }
  }

  @Suite("Given a users file the desk must not use")
  struct BadUsersFile {
    @Test("When its group may write the users file, it is missing, a symbolic link or not a users file, then lane desk --http exits with its status and says what to do")
    func refused() throws {
      let (broker, users) = try DeskFixture.brokerWithClerk()
      defer { broker.stop() }
      let folder = broker.folder.path
      chmod(users, 0o660)
      try "not ours\n".write(toFile: folder + "/other", atomically: true, encoding: .utf8)
      chmod(folder + "/other", 0o600)
      symlink(users, folder + "/link")

      for (file, status, message) in [
        (users, Int32(78), "its group may write it (mode 660): make it mode 600"),
        (folder + "/missing", 66, "cannot be read"),
        (folder + "/link", 66, "symbolic link"),
        (folder + "/other", 65, "not a desk users file"),
      ] {
        let (exit, errors) = try DeskFixture.desk(broker: broker, users: file)
        #expect(exit == status, "\(file): \(errors)")
        #expect(errors.contains(message), "\(errors)")
      }
      // lane desk users add refuses to change a file that is not ours, and leaves it.
      let added = try DeskFixture.addUser("ana", role: "clerk", password: "ana's password", to: folder + "/other")
      #expect(added.status == 65)
      #expect(try String(contentsOfFile: folder + "/other", encoding: .utf8) == "not ours\n")
    }

    @Test(
      "When lane desk users add is given a bad name, role or password, then it exits saying why and writes nothing",
      arguments: [
        ("Ana", "clerk", "a good password", Int32(64), "lower-case letters"),
        ("ana", "boss", "a good password", 64, "boss"),
        ("ana", "clerk", "short", 65, "at least 8 characters"),
        ("ana", "clerk", "", 65, "no password on standard input"),
      ])
    func badUser(name: String, role: String, password: String, status: Int32, message: String) throws {
      let scratch = try ScratchFolder()
      let users = scratch.path("users")
      let added = try DeskFixture.addUser(name, role: role, password: password, to: users)
      #expect(added.status == status, "\(added.errors)")
      #expect(added.errors.contains(message), "\(added.errors)")
      #expect(!FileManager.default.fileExists(atPath: users))
    }
  }
}
