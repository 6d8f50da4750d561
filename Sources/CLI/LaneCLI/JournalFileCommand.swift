import Journal
import LaneBridge

#if canImport(Glibc)
  import Glibc
#endif

/// `lane journal check` and `salvage`: a journal looked at without running the lane, and
/// its intact records copied to a new one. Its errors go through the one table
/// (``LaneFailure/init(recognizing:)``).
public enum JournalFileCommand {
  /// Prints every damaged record and `ok`; a failure (65) naming the salvage when a lane
  /// would not open it.
  public static func check(_ file: String) throws {
    var output = StandardOutput()
    let check = try JournalReader(path: file).check()
    for line in check.report(file: file) { print(line, to: &output) }
    guard check.isUsable else {
      throw LaneFailure(
        .dataError,
        "'\(file)' is damaged; 'lane journal salvage \(file) --out NEW' copies every intact record to a new journal")
    }
    print("ok", to: &output)
  }

  /// Copies every intact record of `file` to the new journal `out`, printing what was kept,
  /// left out and missing; 73 when `out` exists.
  public static func salvage(_ file: String, to out: String) throws {
    var output = StandardOutput()
    let salvage: JournalReader.Salvage
    do throws(JournalError) {
      salvage = try JournalReader(path: file).salvage(to: out)
    } catch {
      if case .system(_, _, let code) = error, code == EEXIST { throw LaneFailure(.cannotCreate, "\(error)") }
      throw error
    }
    print("lane journal salvage: \(salvage.kept) intact records copied to \(out)", to: &output)
    for damage in salvage.damaged { print("left out: \(damage)", to: &output) }
    if !salvage.missing.isEmpty {
      print("missing sequence numbers: \(salvage.missing.map(String.init).joined(separator: ","))", to: &output)
    }
  }
}
