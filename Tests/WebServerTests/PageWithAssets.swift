import Testing

/// What a browser loads for a page: `page`, then each style and script it names under
/// `/assets`, in its order, each got with `get` and expected to be served.
func withAssets(_ page: String, get: (String) async throws -> (head: String, body: String)) async throws -> String {
  var loaded = page
  for match in page.matches(of: /(?:href|src)="(?<path>\/assets\/[^"]+)"/) {
    let path = String(match.output.path)
    let (head, body) = try await get(path)
    #expect(head.hasPrefix("HTTP/1.1 200"), "\(path)")
    loaded += "\n" + body
  }
  return loaded
}
