/// Why a wiring file could not be saved.
public struct WiringSaveError: Error, Hashable, Sendable {
  /// What went wrong.
  public enum Problem: Hashable, Sendable {
    /// The file exists and replacing it was not asked for.
    case exists
    /// The temporary file next to it could not be created, written or flushed.
    case cannotWrite(reason: String)
    /// The written file could not be moved into place.
    case cannotReplace(reason: String)
  }

  /// The file's path as the user gave it.
  public var path: String

  /// What went wrong.
  public var problem: Problem

  /// Creates an error saving `path`.
  public init(path: String, problem: Problem) {
    self.path = path
    self.problem = problem
  }
}

extension WiringSaveError: CustomStringConvertible {
  public var description: String {
    switch problem {
    case .exists:
      "\(path) exists already, and a wiring file is never overwritten unless asked:"
        + " pass --force to replace it, or --out to write another file."
    case .cannotWrite(let reason):
      "cannot write \(path): \(reason). Check that its folder exists and that you may"
        + " write there."
    case .cannotReplace(let reason):
      "cannot put the new wiring in place at \(path): \(reason). The old file, if any, is"
        + " unchanged."
    }
  }
}
