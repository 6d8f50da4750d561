import Foundation
import HTTPTypes
import Hummingbird

/// A style or a script of the pages (`Pages/*.css`, `Pages/*.js`), embedded in the binary
/// and served at `/assets/<name>` to anyone: assets are the same for every user and hold
/// no data.
///
/// A browser keeps an asset but asks again each time a page loads it (`no-cache`), with
/// the `ETag` it was given in `If-None-Match`; while the bytes are the same the answer is a
/// 304 with no body. So a page served by a newer `lane` never runs an older script.
struct Asset: Sendable {
  /// The file's name in `Pages/`, the last part of its address.
  let name: String
  let bytes: [UInt8]
  let contentType: String
  /// A strong entity tag of the bytes (FNV-1a, 64 bits), quoted.
  let entityTag: String

  static let cacheControl = "public, no-cache"

  /// The asset of `name` and `bytes`, its type from the name's extension.
  init(_ name: String, _ bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
    contentType = name.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    entityTag = "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
  }

  /// Every asset by its name; nothing else is served under `/assets`.
  static let named: [String: Asset] = Dictionary(
    uniqueKeysWithValues: [
      Asset("board.css", PackageResources.board_css),
      Asset("board.js", PackageResources.board_js),
      Asset("overhead.css", PackageResources.overhead_css),
      Asset("overhead.js", PackageResources.overhead_js),
      Asset("desk.css", PackageResources.desk_css),
      Asset("desk.js", PackageResources.desk_js),
      Asset("games.css", PackageResources.games_css),
      Asset("games.js", PackageResources.games_js),
      Asset("league.css", PackageResources.league_css),
      Asset("league.js", PackageResources.league_js),
      Asset("league-pair.js", PackageResources.league_pair_js),
      Asset("league-lane.js", PackageResources.league_lane_js),
      Asset("sign-in.css", PackageResources.sign_in_css),
      Asset("clerk.css", PackageResources.clerk_css),
      Asset("clerk.js", PackageResources.clerk_js),
    ].map { ($0.name, $0) })

  /// The asset, or a 304 when `request` names its entity tag in `If-None-Match`.
  func response(to request: Request) -> Response {
    let cache: HTTPFields = [.eTag: entityTag, .cacheControl: Self.cacheControl]
    guard !isCurrent(request.headers[values: .ifNoneMatch]) else {
      return Response(status: .notModified, headers: cache)
    }
    var headers = cache
    headers[.contentType] = contentType
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  /// Whether the browser's copy is this one: `If-None-Match` lists this asset's tag (weak
  /// or strong, as RFC 9110 compares them for it) or is `*`.
  private func isCurrent(_ ifNoneMatch: [String]) -> Bool {
    ifNoneMatch.flatMap { $0.split(separator: ",") }.contains { listed in
      let tag = listed.trimmingCharacters(in: .whitespaces)
      return tag == "*" || tag == entityTag || tag == "W/" + entityTag
    }
  }
}
