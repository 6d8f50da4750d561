import Scoreboard
import Testing

@Suite("Given a bowler's name or a clerk's reason put on a page")
struct HTMLTextTests {
  @Test(
    "When it holds markup, then each of & < > \" ' is written as its entity and the rest as typed",
    arguments: [
      ("Ana & Ben", "Ana &amp; Ben"),
      ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
      ("\"quoted\" and 'single'", "&quot;quoted&quot; and &#39;single&#39;"),
      ("&amp;", "&amp;amp;"),
      ("Zoë 🎳 Ōtsuka", "Zoë 🎳 Ōtsuka"),
      ("", ""),
    ])
  func escaped(text: String, html: String) {
    #expect(HTMLText.escaped(text) == html)
  }
}
