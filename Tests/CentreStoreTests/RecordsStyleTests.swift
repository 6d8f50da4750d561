import Testing

@testable import RecordsPresentation

@Suite("The records pages' styles")
struct RecordsStyleTests {
  /// Every `<link rel="stylesheet">` address in `page`.
  static func linkedStyles(_ page: String) -> [String] {
    page.matches(of: /<link rel="stylesheet" href="([^"]*)">/).map { String($0.output.1) }
  }

  /// Whether `page` holds an inline style, script or event handler a policy without
  /// `unsafe-inline` would block.
  static func holdsInline(_ page: String) -> Bool {
    page.firstMatch(of: /<style|<script|\sstyle=|\son[a-z]+=/) != nil
  }

  @Test("When /records and a bowler's page are made, then each links its own style file, which /records/styles serves, and holds nothing inline")
  func servedPages() throws {
    let pages = [
      ("index.css", try RecordsIndex(averages: [], standings: [], sessions: []).html),
      ("bowler.css", try BowlerHistory(of: "ana", games: []).html),
    ]
    for (style, page) in pages {
      #expect(Self.linkedStyles(page) == ["/records/styles/\(style)"], "\(page)")
      #expect(!Self.holdsInline(page), "\(page)")
      #expect(RecordsStyle.allCases.contains { $0.fileName == style })
    }
  }
}
