import Foundation
import League
import TestSupport
import Testing
import WebBoard
import WebServer

@Suite("The pages' styles and scripts, served at /assets", .holdsAThread, .serialized)
struct AssetServingTests {
  /// The files the pages are made of, in the source tree.
  static let pages = PackageFolder.url("Sources/Adapters/WebServer/Pages")

  /// The styles and scripts in `Sources/Adapters/WebServer/Pages`, by name.
  static func assetFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: pages.path)
      .filter { $0.hasSuffix(".css") || $0.hasSuffix(".js") }.sorted()
  }

  /// Records pages that are one fixed page with its style, for the records' policy.
  struct FixedRecords: RecordsPages {
    static let page = "<!doctype html><title>Records</title><link rel=\"stylesheet\" href=\"/records/styles/fixed.css\">"
    static let style = "body { color: red; }\n"
    func index() throws -> String { Self.page }
    func sheet(lane: String, session: String) throws -> String? { Self.page }
    func bowler(id: String) throws -> String? { Self.page }
    func roster(league: String) throws -> String? { nil }
    var stylesheets: [String: [UInt8]] { ["fixed.css": Array(Self.style.utf8)] }
  }

  /// Runs `body` with a board server (lane 1 on it, a league night, the records) on a free
  /// port, stopping it after.
  func serving(_ body: (_ port: Int) async throws -> Void) async throws {
    let hub = BoardHub()
    _ = WebDisplay(lane: "1", hub: hub)
    let night = try PartPlayedNight(frames: 2).board
    let server = try await RunningBoardServer.start(
      BoardServer(
        hub: hub, address: HTTPAddress(host: "127.0.0.1", port: 0), league: LeagueHub(night),
        records: FixedRecords()))
    do {
      try await body(server.port)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  /// One request on a connection of its own, off the cooperative pool.
  func exchange(_ port: Int, _ path: String, headers: [String] = []) async throws -> LoopbackClient.Reply {
    try await offPool { try LoopbackClient.exchange(port: port, "GET", path, headers: headers) }
  }

  @Test("When every style and script in Sources/Adapters/WebServer/Pages is asked for, then each is served as the file holds it, with its type, an ETag and Cache-Control: public, no-cache")
  func everyAsset() async throws {
    let names = try Self.assetFiles()
    #expect(names.contains("board.css") && names.contains("board.js"), "\(names)")
    try await serving { port in
      for name in names {
        let reply = try await exchange(port, "/assets/\(name)")

        #expect(reply.status == 200, "\(name)")
        let file = try String(contentsOf: Self.pages.appendingPathComponent(name), encoding: .utf8)
        #expect(reply.body == file, "\(name) is not the file in Pages/")
        let type = name.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"
        #expect(reply.values(of: "content-type") == [type], "\(name)")
        #expect(reply.values(of: "cache-control") == ["public, no-cache"], "\(name)")
        let tag = try #require(reply.values(of: "etag").first, "\(name)")
        #expect(tag.wholeMatch(of: /"[0-9a-f]{16}"/) != nil, "\(name): \(tag)")
      }
    }
  }

  @Test("When a browser asks again with the ETag it was given, then the answer is 304 with no body; with another tag, the asset again")
  func revalidation() async throws {
    try await serving { port in
      let first = try await exchange(port, "/assets/overhead.js")
      let tag = try #require(first.values(of: "etag").first)
      let other = try await exchange(port, "/assets/board.js")
      #expect(other.values(of: "etag") != [tag])

      for header in ["If-None-Match: \(tag)", "If-None-Match: \"0000000000000000\", \(tag)", "If-None-Match: W/\(tag)", "If-None-Match: *"] {
        let again = try await exchange(port, "/assets/overhead.js", headers: [header])
        #expect(again.status == 304, "\(header)")
        #expect(again.body.isEmpty, "\(header)")
        #expect(again.values(of: "etag") == [tag], "\(header)")
        #expect(again.values(of: "cache-control") == ["public, no-cache"], "\(header)")
      }
      let changed = try await exchange(port, "/assets/overhead.js", headers: ["If-None-Match: \"0000000000000000\""])
      #expect(changed.status == 200)
      #expect(changed.body == first.body)
    }
  }

  @Test(
    "When an asset that does not exist or a path out of /assets is asked for, then the answer is 404 and holds no file",
    arguments: [
      "/assets/nothing.js", "/assets/overhead.html", "/assets/", "/assets/../Package.swift",
      "/assets/%2e%2e/Package.swift", "/assets/%2e%2e%2fPackage.swift", "/assets/..%2f..%2fPackage.swift",
      "/assets/board.css/../../Package.swift", "/assets/%2fetc%2fpasswd", "/assets/board.css%00.js",
    ])
  func refused(path: String) async throws {
    try await serving { port in
      let reply = try await exchange(port, path)

      #expect(reply.status == 404, "\(reply)")
      #expect(!reply.body.contains("swift-tools-version"))
      #expect(!reply.body.contains("root:"))
      #expect(!reply.body.contains("<!doctype"))
    }
  }

  @Test("When a page is served, then its Content-Security-Policy takes scripts and styles only from the server's files, never inline, frames it nowhere, and every one the page names is served")
  func pagePolicy() async throws {
    try await serving { port in
      for path in ["/", "/lanes/1", "/lanes/1/games", "/league/left", "/league/right"] {
        let reply = try await exchange(port, path)

        #expect(reply.status == 200, "\(path)")
        let policy = try #require(reply.values(of: "content-security-policy").first, "\(path)")
        let directives = Set(policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(directives.contains("default-src 'self'"), "\(path): \(policy)")
        #expect(directives.contains("script-src 'self'"), "\(path): \(policy)")
        #expect(directives.contains("style-src 'self'"), "\(path): \(policy)")
        #expect(directives.contains("frame-ancestors 'none'"), "\(path): \(policy)")
        #expect(!policy.contains("unsafe-inline"), "\(path): \(policy)")
        #expect(reply.values(of: "x-content-type-options") == ["nosniff"], "\(path)")
        #expect(reply.values(of: "referrer-policy") == ["same-origin"], "\(path)")
        #expect(reply.values(of: "x-frame-options") == ["DENY"], "\(path)")
        // Nothing the policy would block: no inline script, style or handler.
        #expect(reply.body.firstMatch(of: /<script>|<style|\sstyle="|\son[a-z]+="/) == nil, "\(path)")
        let loaded = try await withAssets(reply.body) { asset in
          let served = try await exchange(port, asset)
          return ("HTTP/1.1 \(served.status)", served.body)
        }
        #expect(loaded.contains("\"use strict\""), "\(path) runs no script of its own")
      }
    }
  }

  @Test("When a records page is served, then its policy takes styles only from the server's files, allows no script at all and frames it nowhere, and the style it names is served")
  func recordsPolicy() async throws {
    try await serving { port in
      for path in ["/records", "/records/sheet?lane=1&session=1", "/records/bowler?id=ana"] {
        let reply = try await exchange(port, path)

        #expect(reply.status == 200, "\(path)")
        let policy = try #require(reply.values(of: "content-security-policy").first, "\(path)")
        let directives = Set(policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(directives.contains("style-src 'self'"), "\(path): \(policy)")
        #expect(directives.contains("script-src 'none'"), "\(path): \(policy)")
        #expect(directives.contains("frame-ancestors 'none'"), "\(path): \(policy)")
        #expect(!policy.contains("unsafe-inline"), "\(path): \(policy)")
      }
      let style = try await exchange(port, "/records/styles/fixed.css")
      #expect(style.status == 200)
      #expect(style.body == FixedRecords.style)
      #expect(style.values(of: "content-type") == ["text/css; charset=utf-8"])
      #expect(try await exchange(port, "/records/styles/other.css").status == 404)
    }
  }

  @Test("When any answer is given, an asset, JSON or an error, then it says nosniff and same-origin, and forbids framing")
  func everyAnswer() async throws {
    try await serving { port in
      for path in ["/assets/board.js", "/api/lanes", "/api/lanes/1", "/league", "/lanes/nine", "/nothing/here", "/records/sheet"] {
        let reply = try await exchange(port, path)

        #expect(reply.values(of: "x-content-type-options") == ["nosniff"], "\(path) \(reply.status)")
        #expect(reply.values(of: "referrer-policy") == ["same-origin"], "\(path)")
        #expect(reply.values(of: "content-security-policy").first?.contains("frame-ancestors 'none'") == true, "\(path)")
        #expect(reply.values(of: "strict-transport-security").isEmpty, "\(path): plain HTTP")
      }
    }
  }
}

@Suite("The pages' Swift sources")
struct PagesInSwiftTests {
  @Test(
    "When the Swift files of a target that makes pages are read, then none holds a page's markup, a style or a script: those are the target's files in Pages/ and Styles/",
    arguments: ["Sources/Adapters/WebServer", "Sources/Adapters/RecordsPresentation"])
  func noPageInSwift(target: String) throws {
    let folder = PackageFolder.url(target)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
    #expect(files.count > 5, "\(files)")
    // An element of a page, opened or closed; a placeholder such as `/lanes/<lane>` is not one.
    let element = /<!doctype|<\/?(html|head|body|meta|title|link|style|script|form|section|table|tr|th|td|h[1-6]|p|a|ul|ol|li|div|span)[\s>\/]/
      .ignoresCase()
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.firstMatch(of: element) != nil {
        Issue.record("\(file) holds markup: \(line)")
      }
      // A CSS rule (`selector { property: value;`) or a browser script's calls.
      #expect(text.firstMatch(of: /[#.a-z][\w-]*\s*\{\s*[a-z-]+\s*:\s*[^;{}\n]+;/) == nil, "\(file) holds a style")
      for call in ["document.", "addEventListener", "getElementById", "\"use strict\"", "EventSource(", "=> {"] {
        #expect(!text.contains(call), "\(file) holds a script (\(call))")
      }
    }
  }
}
