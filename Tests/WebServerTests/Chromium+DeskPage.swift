import Foundation
import TestSupport

/// The desk's page in a browser as a clerk uses it: typing, clicking, choosing a file,
/// reading the lane's reply where she acted.
extension Chromium {
  /// Types `text` into the field `selector` as a keyboard would.
  func type(_ text: String, into selector: String, on page: String) throws {
    try evaluate("document.querySelector('\(selector)').focus()", in: page)
    try send("Input.insertText", ["text": text], session: page)
  }

  func click(_ selector: String, on page: String) throws {
    try evaluate("document.querySelector('\(selector)').click()", in: page)
  }

  /// Chooses the file at `path` in the file input `selector`, as the file picker would, and
  /// tells the page it changed.
  func choose(file path: String, for selector: String, on page: String) throws {
    let input = try send(
      "Runtime.evaluate", ["expression": "document.querySelector('\(selector)')"], session: page)
    guard let object = (input["result"] as? [String: Any])?["objectId"] as? String else {
      throw Failure(description: "no \(selector) on the page")
    }
    try send("DOM.setFileInputFiles", ["files": [path], "objectId": object], session: page)
  }

  /// Signs `user` in through the sign-in form and waits for the clerk's page with `lanes` lanes.
  func signIn(_ user: String, on page: String, lanes: Int) throws {
    try wait(for: "document.querySelector('input[name=user]')", in: page)
    try type(user, into: "input[name=user]", on: page)
    try type(DeskFixture.passwords[user]!, into: "input[name=password]", on: page)
    try click("#sign-in", on: page)
    try wait(
      for: "document.body?.dataset.ready === 'true' && document.querySelectorAll('#lanes tbody tr').length === \(lanes)",
      in: page, within: 60)
  }

  /// Waits for the reply to what was last sent and returns it: `ok` or `refused`, and its text.
  func reply(on page: String, within seconds: Double = 30) throws -> (kind: String, text: String) {
    try wait(for: "['ok', 'refused'].includes(document.getElementById('reply').className)", in: page, within: seconds)
    let kind = try evaluate("document.getElementById('reply').className", in: page) as? String ?? ""
    let text = try evaluate("document.getElementById('reply').textContent", in: page) as? String ?? ""
    try evaluate("document.getElementById('reply').className = ''", in: page)
    return (kind, text)
  }

  /// A screenshot of `page` at `width`×`height` into `.build/web-boards/FILE`.
  func screenshot(_ page: String, width: Int, height: Int, to file: String) throws {
    try FileManager.default.createDirectory(at: BrowserTests.output, withIntermediateDirectories: true)
    try send("Page.bringToFront", session: page)
    try send(
      "Emulation.setDeviceMetricsOverride",
      ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < height], session: page)
    try screenshot(of: page).write(to: BrowserTests.output.appendingPathComponent(file))
  }
}
