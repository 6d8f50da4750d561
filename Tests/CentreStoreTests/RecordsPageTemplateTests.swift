import LaneBridge
import LaneCLI
import League
import Scoreboard
import TestSupport
import Testing

@testable import CentreRecords
@testable import CentreStore
@testable import RecordsPresentation

@Suite("The records pages' templates")
struct RecordsPageTemplateTests {
  /// Each character HTML gives a meaning, and a quote and a bracket with a combining mark
  /// after each: one Character each, which an HTML parser still reads as the quote and the
  /// bracket.
  static let hostile = "<b>O'Brien</b> & \"Sons\" \"\u{0301} <\u{0338}"

  /// Whether `page` holds `first` with `second` right after it, Unicode scalar by scalar.
  static func holds(_ first: Unicode.Scalar, then second: Unicode.Scalar, in page: String) -> Bool {
    zip(page.unicodeScalars, page.unicodeScalars.dropFirst()).contains { $0 == first && $1 == second }
  }

  @Test("When a league, a team's bowler and a correction's reason are named with markup, then /records, the bowler's page and the scoresheet write each as text, escaped Unicode scalar by scalar")
  func escaped() throws {
    // Given the league named so, its correction's reason too, and a bowler of open play.
    var night = try tuesdayNight(name: Self.hostile)
    try night.correct(.handicap(SlotID(team: 0, place: 0), 50), why: Self.hostile)
    var open = try PublishedSession(lane: "9", session: "2026-11-24T19:00:00Z", bowlers: [Self.hostile])
    open.bowl(games: [[KnownGame.ninety]])
    let fixture = try FixtureStore(
      try night.events(on: night.pair.left) + night.events(on: night.pair.right) + open.events)
    let id = try #require(try fixture.store.averages().first { $0.bowler == Self.hostile }?.id)

    // When each page is made.
    let pages = [
      ("/records", try RecordsIndex(of: fixture.store).html),
      ("the bowler's page", try BowlerHistory(of: id, in: fixture.store).html),
      ("the night's sheet", try ScoreSheet(lane: "7", session: night.session, in: fixture.store).html(paper: .a4)),
      ("the session's sheet", try ScoreSheet(lane: "9", session: open.session, in: fixture.store).html(paper: .letter)),
    ]

    // Then the text is there escaped, and never as markup.
    let escaped = HTMLText.escaped(Self.hostile)
    #expect(escaped.hasPrefix("&lt;b&gt;O&#39;Brien&lt;/b&gt; &amp; &quot;Sons&quot; &quot;\u{0301} &lt;\u{0338}"))
    for (name, page) in pages {
      #expect(page.contains(escaped), "\(name)")
      #expect(!page.contains("<b>"), "\(name)")
      #expect(!Self.holds("\"", then: "\u{0301}", in: page), "\(name) holds a quote with a mark after it")
      #expect(!Self.holds("<", then: "\u{0338}", in: page), "\(name) holds a bracket with a mark after it")
    }
  }

  @Test("When a template does not start by asking for the scalar escaping, then no page is made and the failure names its file")
  func withoutEscaping() {
    let library = RecordsPageTemplate.parse { $0 == .sheet ? "{{title}}" : RecordsPageTemplate.escapingPragma }

    #expect(library.failure?.file == "Pages/sheet.html")
    #expect(library.failure?.problem == "does not start with {{% CONTENT_TYPE: HTML_SCALARS}}")
  }

  @Test("When a template does not parse, then no page is made, the failure names its file, and lane exits 70 saying so")
  func unparsable() throws {
    let library = RecordsPageTemplate.parse { template in
      RecordsPageTemplate.escapingPragma + (template == .bowler ? "\n{{#games}}" : "")
    }

    let failure = try #require(library.failure)
    #expect(failure.file == "Pages/bowler.html")
    #expect(failure.problem.hasPrefix("does not parse: "), "\(failure.problem)")
    let exit = LaneFailure(recognizing: failure)
    #expect(exit?.status == .software)
    #expect(exit?.message.hasPrefix("the records' template Pages/bowler.html does not parse: ") == true, "\(failure)")
  }
}

extension Result {
  /// The error, when it failed.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
