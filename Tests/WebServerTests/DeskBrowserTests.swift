import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The desk's page in headless Chromium as a clerk uses it: signing in by typing, choosing a
/// lane, clicking pins on the deck, ending a session and opening the lane for a party, over
/// a real mosquitto with real `lane simulate --broker` lanes. Screenshots go to
/// `.build/web-boards/` (docs/desk.md shows them).
@Suite(
  "The desk's page in headless Chromium", .holdsAThread, .serialized,
  .enabled(
    if: (Chromium.executable != nil && Mosquitto.binary != nil)
      || ProcessInfo.processInfo.environment["CI"] != nil,
    "needs Debian's chromium and mosquitto: scripts/install-packages test"))
final class DeskBrowserTests {
  let desk: DeskFixture
  let browser: Chromium
  var base: String { "http://127.0.0.1:\(desk.port)" }

  /// Given the desk with its store, lanes 1 and 2 bowling (lane 2 warning of pins that rise
  /// again), and a browser.
  init() throws {
    let executable = try #require(Chromium.executable, "CI is set but chromium is not installed")
    desk = try DeskFixture(store: true)
    try desk.startLane("1")
    try desk.startLane("2", trace: "two-games-held-out")
    browser = try Chromium(executable: executable)
  }

  deinit {
    browser.stop()
    desk.stop()
  }

  @Test("When ana signs in, corrects lane 1's last throw on the pin deck, ends its session and opens it for a party, then each reply is the lane's, shown where she acted, and the journal has each as hers")
  func clerkAtWork() throws {
    let page = try browser.open("\(base)/")
    // A page asked for without a session goes to the sign-in form.
    try browser.wait(for: "location.pathname === '/login'", in: page)
    try browser.signIn("ana", on: page, lanes: 2)
    #expect(try browser.evaluate("document.getElementById('who').textContent", in: page) as? String == "ana (clerk)")
    #expect(try browser.evaluate("document.getElementById('records').hidden", in: page) as? Bool == true)
    try browser.screenshot(page, width: 1280, height: 800, to: "desk-clerk.png")

    // Given: lane 1 has bowled the whole of respot-only-game, 181, its last ball knocking
    // down the 10 of the 7-10 its first ball in the tenth left.
    let row = "#lanes tr[data-lane=\"1\"]"
    try browser.wait(for: "document.querySelector('\(row) [data-bowler=\"0\"]')?.dataset.score === '181'", in: page, within: 90)

    // When: she chooses lane 1 and marks pins 7 and 10 down on the deck: a spare.
    try browser.click(row, on: page)
    for pin in [7, 10] { try browser.click("#deck button[data-pin=\"\(pin)\"]", on: page) }
    #expect(try browser.evaluate("document.querySelectorAll('#deck button.down').length", in: page) as? Int == 2)
    try browser.click("#set-pins", on: page)
    let corrected = try browser.reply(on: page)
    #expect(corrected.kind == "ok", "\(corrected.text)")
    #expect(corrected.text.contains("corrected (record "), "\(corrected.text)")
    try browser.screenshot(page, width: 1280, height: 800, to: "desk-corrected.png")

    // When: she acknowledges the first fault lane 2 reports (its pins rose again).
    let fault = "#lanes tr[data-lane=\"2\"] .faults [data-fault]"
    try browser.wait(for: "document.querySelector('\(fault) button.acknowledge')", in: page)
    try browser.click("\(fault) button.acknowledge", on: page)
    try browser.wait(for: "document.querySelector('\(fault)').className === 'seen'", in: page)
    let seen = try browser.evaluate("document.querySelector('\(fault) .by').textContent", in: page) as? String ?? ""
    #expect(seen.hasPrefix(" (seen by ana at "), "\(seen)")

    // When: she ends the session and opens the lane for a party whose names hold markup.
    try browser.click("#end-session", on: page)
    #expect(try browser.reply(on: page).kind == "ok")
    let names = ["<img src=x onerror=z=1>", "<b>Bo</b> & \"Cy\""]
    try browser.type(names.joined(separator: ", "), into: "#bowlers", on: page)
    try browser.click("#start-session", on: page)
    let opened = try browser.reply(on: page)
    #expect(opened.kind == "ok", "\(opened.text)")

    // Then: the names are shown as typed, as text, on the desk and on the overhead board.
    try browser.wait(
      for: "document.querySelector('\(row)').dataset.state === 'free'"
        + " && document.querySelectorAll('\(row) [data-bowler]').length === 2", in: page)
    let shown = try browser.evaluate("document.querySelector('\(row)').textContent", in: page) as? String ?? ""
    for name in names { #expect(shown.contains(name), "\(shown)") }
    #expect(try browser.evaluate("document.querySelectorAll('#lanes b, #lanes img').length", in: page) as? Int == 0)
    #expect(try browser.evaluate("typeof window.z", in: page) as? String == "undefined")
    let overhead = try browser.open("\(base)/lanes/1")
    try browser.wait(for: "document.querySelectorAll('#sheet .name').length === 2", in: overhead)
    let overheadNames = try browser.evaluate(
      "[...document.querySelectorAll('#sheet .name')].map(n => n.textContent)", in: overhead) as? [String]
    #expect(overheadNames == names)
    #expect(try browser.evaluate("typeof window.z", in: overhead) as? String == "undefined")

    // Then: the lane journalled the three requests as ana's, by their ids: the correction and the end in
    // the ended session's archive beside the journal, the party's start in the journal.
    let archives = desk.journal(of: "1") + ".sessions"
    let journals = [desk.journal(of: "1")]
      + (try FileManager.default.contentsOfDirectory(atPath: archives).map { archives + "/" + $0 })
    let records = try journals.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
    // Ending a session journals its end and the next session's start, both the request's.
    let requests = Set(records.matches(of: /"by":"desk\/ana\/(web-[0-9a-f]+)"/).map { String($0.output.1) })
    #expect(requests.count == 3, "\(requests)")

    // A tablet held upright.
    try browser.screenshot(page, width: 800, height: 1280, to: "desk-tablet.png")
  }

  @Test("When mia, a manager, signs in, then the page links to the records, which show the lanes' sessions; when she signs out, the page goes back to the sign-in form")
  func managerAndSignOut() throws {
    let page = try browser.open("\(base)/login")
    try browser.signIn("mia", on: page, lanes: 2)
    #expect(try browser.evaluate("document.getElementById('records').hidden", in: page) as? Bool == false)
    try browser.click("#records", on: page)
    try browser.wait(for: "location.pathname === '/records' && document.body?.textContent.includes('Sessions')", in: page)

    try browser.evaluate("history.back()", in: page)
    try browser.wait(for: "document.body?.dataset.ready === 'true'", in: page)
    try browser.click("#sign-out", on: page)
    try browser.wait(for: "location.pathname === '/login'", in: page)
    // The cookie no longer opens the page.
    try browser.evaluate("location.href = '/'", in: page)
    try browser.wait(for: "location.pathname === '/login' && document.querySelector('input[name=user]')", in: page)
  }
}
