import Mustache

/// A page's markup: its template `Pages/NAME.html`, embedded in the binary by SwiftPM and
/// filled in by swift-mustache, whose `{{name}}` escapes HTML.
///
/// To change a page, edit its files in `Pages/` (the markup here, its style and script
/// beside it, served by ``Asset``) and build again; nothing else holds a page's text.
enum PageTemplate: String, CaseIterable {
  case overhead, desk, games, league, clerk
  case signIn = "sign-in"

  /// The page with `values` in its `{{…}}` tags, each text escaped as HTML.
  func render(_ values: [String: Any] = [:]) -> String {
    guard let page = Self.library.render(values, withTemplate: rawValue) else {
      preconditionFailure("Pages/\(rawValue).html is not in the pages' library")
    }
    return page
  }

  /// The template's bytes as SwiftPM embedded them.
  private var file: [UInt8] {
    switch self {
    case .overhead: PackageResources.overhead_html
    case .desk: PackageResources.desk_html
    case .games: PackageResources.games_html
    case .league: PackageResources.league_html
    case .clerk: PackageResources.clerk_html
    case .signIn: PackageResources.sign_in_html
    }
  }

  /// Every template, parsed once; the tests render each page, so one that does not parse
  /// never ships.
  private static let library: MustacheLibrary = {
    var library = MustacheLibrary()
    for template in allCases {
      do {
        try library.register(String(decoding: template.file, as: UTF8.self), named: template.rawValue)
      } catch {
        preconditionFailure("Pages/\(template.rawValue).html does not parse: \(error)")
      }
    }
    return library
  }()
}
