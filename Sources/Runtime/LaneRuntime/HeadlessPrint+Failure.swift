#if canImport(Glibc)
  import Glibc
#endif

extension HeadlessPrint {
  /// Why a page could not be printed to PDF: Chromium missing or failing, or the PDF's or
  /// the scratch folder's file that cannot be written. `lane` gives each its exit status
  /// (docs/errors.md).
  public enum Failure: Error, Sendable, CustomStringConvertible {
    /// Chromium is not installed.
    case noChromium
    /// Chromium cannot be started (`posix_spawn`'s error number).
    case cannotStart(program: String, errno: Int32)
    /// Chromium ended without printing (`reason`), its log's end in `log`.
    case didNotPrint(reason: String, log: String)
    /// Something is at the PDF's path already.
    case destinationTaken(path: String)
    /// The PDF cannot be put at its path.
    case cannotWritePDF(any Error)
    /// The private folder for Chromium cannot be made under `base` (`TMPDIR`).
    case noScratchFolder(base: String, errno: Int32)
    /// The page cannot be written for Chromium in its folder.
    case cannotWritePage(folder: String, error: any Error)

    public var description: String {
      switch self {
      case .noChromium:
        "printing to PDF needs headless Chromium: install Debian's chromium (apt-get install chromium), "
          + "or write the page with --html and print it from a browser"
      case .cannotStart(let program, let errno):
        "cannot start Chromium '\(program)': \(String(cString: strerror(errno)))"
      case .didNotPrint(let reason, let log):
        "Chromium did not print the PDF (\(reason)): \(log)"
      case .destinationTaken(let path):
        "cannot write the PDF '\(path)': something is there already"
      case .cannotWritePDF(let error):
        "cannot write the PDF: \(error)"
      case .noScratchFolder(let base, let errno):
        "cannot make a folder for Chromium in '\(base)': errno \(errno)"
      case .cannotWritePage(let folder, let error):
        "cannot write the page for Chromium in '\(folder)': \(error)"
      }
    }
  }
}
