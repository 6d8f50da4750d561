import Bowling
import Centre
import Journal
import League
import Scoreboard
import TestSupport
import Testing

@testable import CentreRecords
@testable import CentreStore
@testable import RecordsPresentation

@Suite("The auditable scoresheet of a league night")
struct ScoreSheetTests {
  let published: PublishedNight
  let sheet: ScoreSheet
  let page: String

  /// Given Pin Pals (Ana; Ben, absent) against Gutter Kings (Cy; a vacancy) on 7+8, two
  /// games bowled, and the desk's handicap for Ana made 50 for the night.
  init() throws {
    var published = try tuesdayNight(name: "Tuesday <Mixed> & Co")
    try published.correct(.handicap(SlotID(team: 0, place: 0), 50), why: "the secretary's list says 50")
    self.published = published
    let folded = StoredGames(
      events: try published.events(on: published.pair.left) + published.events(on: published.pair.right))
    sheet = try ScoreSheet(lane: "8", session: published.session, from: folded)
    page = try sheet.html(paper: .letter)
  }

  @Test("When either lane of the pair is asked for, then the sheet is the night's, on the pair, its names escaped, counting Ana, Ben and Cy as its bowlers, never the vacancy")
  func heading() {
    #expect(sheet.lane == "7+8")
    #expect(page.contains(". 8 games of 3 bowlers; "), "\(sheet.facts)")
    #expect(page.contains("<h1>Tuesday &lt;Mixed&gt; &amp; Co: league night on lanes 7+8</h1>"))
    #expect(page.contains("@page { size: letter; margin: 12mm; }"))
    #expect(!page.contains("<Mixed>"))
  }

  @Test("When the sheet is made for /records, then it links the sheet's style and its paper's; saved alone, the same styles are written into it")
  func styles() throws {
    let linked = try sheet.html(paper: .letter, styles: .linked)
    #expect(RecordsStyleTests.linkedStyles(linked) == ["/records/styles/sheet.css", "/records/styles/paper-letter.css"])
    #expect(!RecordsStyleTests.holdsInline(linked))

    #expect(RecordsStyleTests.linkedStyles(page).isEmpty)
    #expect(page.contains(String(decoding: RecordsStyle.sheet.bytes, as: UTF8.self)))
    #expect(try sheet.html(paper: .a4).contains("@page { size: A4; margin: 12mm; }"))
  }

  @Test("When the sheet is made, then every ball of every bowled game is a row: frame, ball, lane, pins before, down, left, foul, pins and mark")
  func everyDelivery() throws {
    let balls = sheet.games.compactMap(\.scored).map { $0.game.frames.map(\.balls.count).reduce(0, +) }.reduce(0, +)
    let rows = page.components(separatedBy: "\n").filter { $0.hasPrefix("<tr><td>") && $0.hasSuffix("</td></tr>") }
      .filter { $0.components(separatedBy: "<td>").count == 10 }
    #expect(balls == published.play.deliveries.count)
    #expect(rows.count == balls)
    let first = try #require(sheet.games.first?.scored?.game.frames.first?.balls.first)
    let pins = first.delivery.knockedPins.map { ScoreSheet.pins($0) } ?? ""
    #expect(rows.first?.hasPrefix("<tr><td>1</td><td>1</td><td>left</td><td>1 2 3 4 5 6 7 8 9 10</td><td>\(pins)</td>") == true)
  }

  @Test("When a game was a blind's or a vacancy's, then its section says so, with its score and no frames")
  func blindAndVacancy() {
    #expect(page.contains("<h2>Ben, game 1 (Pin Pals, absent: the league&#39;s blind score)</h2>\n<p>Scratch 131, handicap 71, total 202</p>\n</section>"))
    #expect(page.contains("<h2>Vacancy, game 2 (Gutter Kings: the league&#39;s vacancy score)</h2>\n<p>Scratch 120, handicap 90, total 210</p>"))
  }

  @Test("When the desk corrected the night, then the correction is listed with its record, time, who, what and why, and Ana's handicap is the desk's")
  func corrections() {
    #expect(sheet.corrections.count == 1)
    let correction = sheet.corrections.first
    #expect(correction?.why == "the secretary's list says 50")
    #expect(page.contains("<td class=\"name\">\(correction?.author ?? "?")</td><td class=\"name\">\(correction.map { HTMLText.escaped($0.what) } ?? "?")</td><td class=\"name\">the secretary&#39;s list says 50</td>"))
    #expect(sheet.games.filter { $0.bowler == "Ana" }.allSatisfy { $0.league?.handicap == 50 })
  }

  @Test("When a session the store does not hold is asked for, then no sheet, naming the sessions it holds there")
  func missing() throws {
    let folded = StoredGames(events: try published.events(on: published.pair.left))
    #expect(throws: ScoreSheet.NoSheet(lane: "7", session: "2020-01-01T00:00:00Z", known: [published.session])) {
      try ScoreSheet(lane: "7", session: "2020-01-01T00:00:00Z", from: folded)
    }
  }
}
