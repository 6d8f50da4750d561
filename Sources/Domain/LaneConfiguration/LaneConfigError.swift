import Wiring

/// Everything wrong with one lane config file, each problem with its key and line.
public struct LaneConfigError: Error, Sendable, Equatable {
  /// The file's name as the user gave it.
  public var file: String
  /// The problems in the order of the file's lines; never empty.
  public var problems: [Problem]
  /// Whether the file could not be read at all (exit 66) rather than being wrong (64).
  public var isUnreadable: Bool

  public init(file: String, problems: [Problem], isUnreadable: Bool = false) {
    self.file = file
    self.problems = problems
    self.isUnreadable = isUnreadable
  }

  /// One thing wrong with a settings file: a lane config file or a league night file.
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    /// The key, such as `lane` or `centre.broker`; empty for the whole file.
    public var key: String
    /// The line, counting from 1, when it is known.
    public var line: Int?
    /// What is wrong and what to do, in words the operator can act on.
    public var message: String

    public init(key: String, line: Int? = nil, message: String) {
      self.key = key
      self.line = line
      self.message = message
    }

    /// `line 3: centre.brokr: …`, the key clipped like a wiring file's.
    public var description: String {
      let location = line.map { "line \($0): " } ?? ""
      let key = key.isEmpty ? "" : "\(WiringError.Problem.clipped(key)): "
      return "\(location)\(key)\(message)"
    }

    /// `problems` in the order of their lines, those without one last, ties as found.
    static func inLineOrder(_ problems: [Problem]) -> [Problem] {
      problems.enumerated().sorted { lhs, rhs in
        let left = lhs.element.line ?? Int.max
        let right = rhs.element.line ?? Int.max
        return left != right ? left < right : lhs.offset < rhs.offset
      }.map(\.element)
    }
  }
}

extension LaneConfigError: CustomStringConvertible {
  /// The most problems listed; the rest are counted, `and 12 more`.
  public static let listedProblems = WiringError.listedProblems

  /// Every problem on its own line, prefixed with the file, as compilers print them.
  public var description: String { Self.listing(problems, of: file) }

  /// `problems` of `file` one to a line (at most ``listedProblems``), each prefixed with
  /// the file, under a count when there are several.
  static func listing(_ problems: [Problem], of file: String) -> String {
    let lines = problems.prefix(listedProblems).map { "\(file): \($0)" }
    guard problems.count > 1 else { return lines.joined() }
    let more = problems.count - lines.count
    return "\(file) has \(problems.count) problems:\n" + lines.joined(separator: "\n")
      + (more > 0 ? "\nand \(more) more" : "")
  }
}
