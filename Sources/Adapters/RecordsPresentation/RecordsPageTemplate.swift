import Mustache
import Scoreboard

/// A records page's markup: its template `Pages/NAME.html`, embedded in the binary by SwiftPM
/// and filled in by swift-mustache, each `{{name}}` escaped by ``HTMLText``.
///
/// Swift hands a template plain values, already worded and formatted; the markup is in
/// `Pages/`, the styles in `Styles/`. The templates are parsed once, for the first page
/// made; one that cannot be used fails every page with a ``Failure``, never a crash.
public enum RecordsPageTemplate: String, CaseIterable, Sendable {
  case index, bowler, sheet
  /// A page's styles (``RecordsStyle/Head``), which every page includes.
  case styles

  /// Why no records page can be made: a template built into `lane` cannot be used.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The template's file, `Pages/NAME.html`.
    public var file: String
    /// What is wrong with it.
    public var problem: String

    public var description: String {
      "the records' template \(file) \(problem); this build of lane cannot make the records' pages"
    }
  }

  /// The page with `view`'s values in its `{{…}}` tags, each text escaped as HTML.
  ///
  /// - Parameter view: A value whose stored properties the template names.
  /// - Throws: ``Failure`` when the templates cannot be used.
  func render(_ view: Any) throws(Failure) -> String {
    let library = try Self.library.get()
    guard let page = library.render(view, withTemplate: rawValue) else {
      throw Failure(file: file, problem: "is not among the records' templates")
    }
    return page
  }

  /// The template's file in the target, for messages.
  var file: String { "Pages/\(rawValue).html" }

  /// The template's bytes as SwiftPM embedded them.
  private var bytes: [UInt8] {
    switch self {
    case .index: PackageResources.index_html
    case .bowler: PackageResources.bowler_html
    case .sheet: PackageResources.sheet_html
    case .styles: PackageResources.styles_html
    }
  }

  /// What every template starts with: its `{{…}}` escaped by ``ScalarEscaping``.
  static let escapingPragma = "{{% CONTENT_TYPE: \(ScalarEscaping.name)}}"

  /// Every template, parsed once, or why one cannot be used.
  private static let library = parse { String(decoding: $0.bytes, as: UTF8.self) }

  /// Every template, its text given by `text`, parsed; or the first that cannot be used: one
  /// that does not start by asking for ``ScalarEscaping``, or does not parse.
  static func parse(_ text: (Self) -> String) -> Result<MustacheLibrary, Failure> {
    // swift-mustache keeps the process's one table of content types, which the parser reads;
    // registering the same escaping under its name again changes nothing.
    MustacheContentTypes.register(ScalarEscaping(), named: ScalarEscaping.name)
    var library = MustacheLibrary()
    for template in allCases {
      let text = text(template)
      guard text.hasPrefix(escapingPragma) else {
        return .failure(Failure(file: template.file, problem: "does not start with \(escapingPragma)"))
      }
      do {
        try library.register(text, named: template.rawValue)
      } catch {
        return .failure(Failure(file: template.file, problem: "does not parse: \(error)"))
      }
    }
    return .success(library)
  }

  /// Text escaped as HTML over Unicode scalars, by ``HTMLText``: swift-mustache's own `HTML`
  /// compares Characters, so it would let a quote with a combining mark after it
  /// (`"\u{0301}`, one Character) through, which an HTML parser still reads as a quote.
  struct ScalarEscaping: MustacheContentType {
    /// The name templates ask for it by, in ``RecordsPageTemplate/escapingPragma``.
    static let name = "HTML_SCALARS"

    func escapeText(_ text: String) -> String { HTMLText.escaped(text) }
  }
}
