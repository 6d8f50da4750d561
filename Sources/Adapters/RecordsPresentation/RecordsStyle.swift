/// A style of the records' pages, `Styles/NAME.css` (embedded by SwiftPM): written into a
/// sheet that stands alone (`lane records sheet --html`, a file to print), or linked from
/// the server's copy at ``linkPrefix`` (`/records`, whose Content-Security-Policy takes no
/// inline style).
public enum RecordsStyle: String, CaseIterable, Sendable {
  case index, bowler, sheet
  case a4 = "paper-a4"
  case letter = "paper-letter"

  /// Where a page takes its styles from.
  public enum Placement: Sendable, Hashable {
    /// Written into the page: a file that stands alone.
    case inline
    /// Linked from ``RecordsStyle/linkPrefix``: the desk's `/records` serves each file.
    case linked
  }

  /// Where a served page links its styles from: the file's name follows.
  public static let linkPrefix = "/records/styles/"

  /// The file's name, the last part of its address.
  public var fileName: String { rawValue + ".css" }

  /// The file's bytes as SwiftPM embedded them.
  public var bytes: [UInt8] {
    switch self {
    case .index: PackageResources.index_css
    case .bowler: PackageResources.bowler_css
    case .sheet: PackageResources.sheet_css
    case .a4: PackageResources.paper_a4_css
    case .letter: PackageResources.paper_letter_css
    }
  }

  /// What a page's head says of `styles`, placed as `placement` says; the template
  /// `Pages/styles.html` writes it.
  static func head(_ styles: [RecordsStyle], _ placement: Placement) -> Head {
    switch placement {
    case .inline: Head(links: [], inline: [styles.map { String(decoding: $0.bytes, as: UTF8.self) }.joined()])
    case .linked: Head(links: styles.map { linkPrefix + $0.fileName }, inline: [])
    }
  }

  /// A page's styles as its template writes them: addresses to link, or the text itself.
  struct Head {
    /// The address of each style the page links, in order.
    let links: [String]
    /// The styles' text written into the page, all in one: none, or one.
    let inline: [String]
  }
}
