import Foundation
import Journal

extension JournalReader.Check {
  /// What `lane journal check FILE` prints of the check, one line each: the format and
  /// header, the intact records, every damage, the torn tail, numbering and session problems.
  public func report(file: String) -> [String] {
    var lines: [String] = []
    if let header {
      lines.append(
        "\(file): lane journal format \(JournalHeader.version), lane \(header.lane),"
          + " created \(header.created.ISO8601Format())")
    } else {
      lines.append("\(file): lane journal format 1 (migrated on the next lane run)")
    }
    let numbers = sequences.map { " (\($0.lowerBound) to \($0.upperBound))" } ?? ""
    lines.append("\(intact) intact records\(numbers)")
    for damage in damaged where damage.offset < (tornTail?.offset ?? .max) {
      lines.append("damaged: \(damage)")
    }
    if let tornTail {
      lines.append("torn last record: \(tornTail); it is set aside when the lane opens the journal")
    }
    lines += numberingProblems.map { "numbering: \($0)" }
    if let sessionProblem { lines.append("session: \(sessionProblem)") }
    return lines
  }
}
