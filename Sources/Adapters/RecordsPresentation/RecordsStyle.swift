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

  /// The `<head>` lines that give a page `styles`, placed as `placement` says.
  static func head(_ styles: [RecordsStyle], _ placement: Placement) -> String {
    switch placement {
    case .inline:
      "<style>\n" + styles.map { String(decoding: $0.bytes, as: UTF8.self) }.joined() + "</style>"
    case .linked:
      styles.map { "<link rel=\"stylesheet\" href=\"\(linkPrefix)\($0.fileName)\">" }.joined(separator: "\n")
    }
  }
}
