import Scoreboard
import Testing

@Suite("Given a bowler's name or a clerk's reason put on a page")
struct HTMLTextTests {
  @Test(
    "When it holds markup, even a quote or a bracket with a combining mark after it, then each of & < > \" ' is written as its entity and the rest as typed",
    arguments: [
      ("Ana & Ben", "Ana &amp; Ben"),
      ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
      ("\"quoted\" and 'single'", "&quot;quoted&quot; and &#39;single&#39;"),
      ("&amp;", "&amp;amp;"),
      ("Zoë 🎳 Ōtsuka", "Zoë 🎳 Ōtsuka"),
      // Each mark after a quote or a bracket makes one Character of the two; the escaper
      // still sees the quote or the bracket, as an HTML parser does.
      ("\"\u{0301}", "&quot;\u{0301}"),
      ("'\u{0301}", "&#39;\u{0301}"),
      ("<\u{0338}", "&lt;\u{0338}"),
      (">\u{0338}", "&gt;\u{0338}"),
      ("&\u{20DD}", "&amp;\u{20DD}"),
      ("", ""),
    ])
  func escaped(text: String, html: String) {
    // Scalar by scalar: String's == would take "<\u{0338}" for "≮".
    #expect(Array(HTMLText.escaped(text).unicodeScalars) == Array(html.unicodeScalars))
  }
}
