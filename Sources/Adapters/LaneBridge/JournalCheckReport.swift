import Foundation
import Journal

extension JournalReader.Check {
  /// What `lane journal check FILE` prints of the check, one line each: the format and
  /// header, the intact records (for a league night's journal, what they hold), every
  /// damage, the torn tail, numbering and session (or night) problems.
  public func report(file: String) -> [String] {
    var lines: [String] = []
    if let header, let night {
      lines.append(
        "\(file): league night journal format \(header.version), lane \(header.lane),"
          + " created \(header.created.ISO8601Format())")
      let teams = night.teams.isEmpty ? "" : ": " + night.teams.joined(separator: " against ")
      lines.append("league \(night.league.isEmpty ? "(no night start)" : night.league)\(teams)")
    } else if let header {
      lines.append(
        "\(file): lane journal format \(header.version), lane \(header.lane),"
          + " created \(header.created.ISO8601Format())")
    } else {
      lines.append("\(file): lane journal format 1 (migrated on the next lane run)")
    }
    let numbers = sequences.map { " (\($0.lowerBound) to \($0.upperBound))" } ?? ""
    lines.append("\(intact) intact records\(numbers)")
    if let night {
      let left = night.deliveries[.left] ?? 0
      let right = night.deliveries[.right] ?? 0
      lines.append(
        "deliveries: \(left) on the left lane, \(right) on the right; \(night.corrections)"
          + " \(night.corrections == 1 ? "correction" : "corrections"), \(night.undos)"
          + " \(night.undos == 1 ? "undo" : "undos")")
    }
    for damage in damaged where damage.offset < (tornTail?.offset ?? .max) {
      lines.append("damaged: \(damage)")
    }
    if let tornTail {
      lines.append("torn last record: \(tornTail); it is set aside when the lane opens the journal")
    }
    lines += numberingProblems.map { "numbering: \($0)" }
    if let sessionProblem { lines.append("\(night == nil ? "session" : "night"): \(sessionProblem)") }
    return lines
  }
}
