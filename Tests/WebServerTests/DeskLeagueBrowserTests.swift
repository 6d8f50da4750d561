import Foundation
import LaneConfiguration
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The desk's page in headless Chromium starting a league night on a pair, as a clerk does
/// on league night: the pair's lanes free, she picks the night file, starts the night on
/// one of its lanes, watches both lanes bowl it, and ends it. Over a real mosquitto with a
/// real `lane simulate --config` pair. Screenshots go to `.build/web-boards/`.
@Suite(
  "Starting a league night on a pair from the desk's page in headless Chromium", .holdsAThread, .serialized,
  .enabled(
    if: (Chromium.executable != nil && Mosquitto.binary != nil)
      || ProcessInfo.processInfo.environment["CI"] != nil,
    "needs Debian's chromium and mosquitto: scripts/install-packages test"))
final class DeskLeagueBrowserTests {
  let desk: DeskFixture
  let browser: Chromium
  var base: String { "http://127.0.0.1:\(desk.port)" }

  /// The pair's pace, times its traces' own, and the quiet before the night's first ball in
  /// them: 30 s of the test's for the clerk to start it.
  static let speed = 100
  static let quiet = 3000.0

  /// Given the desk, the pair 7+8 free in open play (its traces quiet until the night's
  /// balls, then an hour of standing racks), the night's file, and a browser.
  init() throws {
    let executable = try #require(Chromium.executable, "CI is set but chromium is not installed")
    desk = try DeskFixture()
    var random = SeededRandom(seed: 2711)
    let planned = PlannedNight(
      night: try LeagueNightFile.parse(text: LeagueCorrections.night, file: "night.toml"), using: &random)
    // The night's balls after the quiet, then standing racks for the test's hour.
    func evening(_ night: String) -> String {
      var trace = TraceText("0.000000 pins 1111111111\n")
      trace.append(night, after: Self.quiet)
      trace.append("0.000000 pins 1111111111\n", after: 3600.0 * Double(Self.speed))
      return trace.text
    }
    try desk.startPair("7", "8", traces: (evening(planned.traces.left), evening(planned.traces.right)), speed: Self.speed)
    try LeagueCorrections.night.write(toFile: desk.folder + "/night.toml", atomically: false, encoding: .utf8)
    browser = try Chromium(executable: executable)
  }

  deinit {
    browser.stop()
    desk.stop()
  }

  /// The desk page's state of lane `lane`: free, open play, league, offline or fault.
  func state(of lane: String, on page: String) throws -> String {
    try browser.evaluate("document.querySelector('#lanes tr[data-lane=\"\(lane)\"]')?.dataset.state", in: page) as? String ?? ""
  }

  @Test("When ana picks the night file and starts it on lane 8, then both lanes of the pair play the night, journalled beside lane 7's journal; when she ends it once bowled, both are free again")
  func startAndEndANight() throws {
    let page = try browser.open("\(base)/login")
    try browser.signIn("ana", on: page, lanes: 2)
    #expect(try state(of: "7", on: page) == "free")

    // When: she chooses lane 8, picks the night file, and starts the night.
    try browser.click("#lanes tr[data-lane=\"8\"]", on: page)
    try browser.choose(file: desk.folder + "/night.toml", for: "#night-file", on: page)
    try browser.wait(for: "document.getElementById('night').value.includes('[league]')", in: page)
    try browser.click("#start-league", on: page)
    let started = try browser.reply(on: page, within: 60)

    // Then: the lane says so, and both lanes show the night.
    #expect(started.kind == "ok", "\(started.text)")
    #expect(started.text.contains("league night Tuesday Mixed started on 7 and 8 by desk/ana/"), "\(started.text)")
    try browser.wait(
      for: "['7', '8'].every(lane => document.querySelector(`#lanes tr[data-lane=\"${lane}\"]`)?.dataset.state === 'league')",
      in: page, within: 60)
    let nights = try FileManager.default.contentsOfDirectory(atPath: desk.folder + "/7/nights")
    #expect(nights.contains("current") && nights.contains { $0.hasSuffix("-tuesday-mixed.toml") }, "\(nights)")
    // The night's balls come, into the night's journal beside lane 7's, and the desk shows
    // who is up past the first frame.
    let journal = try #require(nights.first { $0.hasSuffix(".toml") }).replacingOccurrences(of: ".toml", with: ".journal")
    try browser.wait(
      for: "[...document.querySelectorAll('#lanes .up')].some(up => /frame ([2-9]|10)$/.test(up.textContent))",
      in: page, within: 90)
    let thrown = try String(contentsOfFile: desk.folder + "/7/nights/" + journal, encoding: .utf8)
    #expect(thrown.contains("\"event\":\"throw\""))
    try browser.screenshot(page, width: 1280, height: 800, to: "desk-league-night.png")
    // The night is bowled out: no one is up on either lane.
    try browser.wait(
      for: "document.querySelectorAll('#lanes .up').length === 0 && document.querySelector('#lanes tr[data-lane=\"7\"]').dataset.state === 'league'",
      in: page, within: 120)

    // When: she ends the night on lane 7.
    try browser.click("#lanes tr[data-lane=\"7\"]", on: page)
    try browser.click("#end-session", on: page)
    let ended = try browser.reply(on: page, within: 60)

    // Then: both lanes are free again, and the night is no longer current.
    #expect(ended.kind == "ok" && ended.text.contains("league night ended by desk/ana/"), "\(ended.text)")
    try browser.wait(
      for: "['7', '8'].every(lane => document.querySelector(`#lanes tr[data-lane=\"${lane}\"]`)?.dataset.state === 'free')",
      in: page, within: 60)
    #expect(!FileManager.default.fileExists(atPath: desk.folder + "/7/nights/current"))
    // The desk showed every record it had to: none refused on the way there and back.
    #expect(!desk.desk.standardError.contains("not shown"), "\(desk.desk.standardError)")
  }

  @Test("When a clerk starts a night that cannot be bowled, then the pair's refusal says why, beside the button, and nothing changes")
  func badNight() throws {
    let page = try browser.open("\(base)/login")
    try browser.signIn("ana", on: page, lanes: 2)
    try browser.click("#lanes tr[data-lane=\"7\"]", on: page)

    try browser.type("[league]\nname = \"Tuesday\"\n", into: "#night", on: page)
    try browser.click("#start-league", on: page)
    let refused = try browser.reply(on: page, within: 60)

    #expect(refused.kind == "refused" && refused.text.contains("games"), "\(refused.text)")
    #expect(!FileManager.default.fileExists(atPath: desk.folder + "/7/nights"))
    let lane7 = try state(of: "7", on: page)
    #expect(lane7 == "free", "\(lane7)")
  }
}
