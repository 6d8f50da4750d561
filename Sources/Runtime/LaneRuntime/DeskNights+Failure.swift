import SafeFiles

#if canImport(Glibc)
  import Glibc
#endif

extension DeskNights {
  /// Why the nights a pair started from the desk cannot be read or changed: which file, and
  /// what to do. `lane` gives each its exit status (docs/errors.md).
  public enum Failure: Error, Sendable, CustomStringConvertible {
    /// `current` cannot be looked at (`errno`).
    case cannotLook(marker: String, errno: Int32)
    /// `current` cannot be read (a symbolic link, a folder, too long).
    case unreadable(marker: String, reason: String)
    /// `current` names no league night of the folder (rule 3).
    case namesNoNight(marker: String, folder: String, name: String)
    /// The folder, a night's file or `current` cannot be created, or the folder synced.
    case cannotWrite(FileProblem)
    /// `current` cannot be removed (`errno`).
    case cannotRemove(marker: String, errno: Int32)

    public var description: String {
      switch self {
      case .cannotLook(let marker, let errno):
        "cannot look at \(marker): \(String(cString: strerror(errno)))"
      case .unreadable(let marker, let reason):
        "cannot read \(marker): \(reason)"
      case .namesNoNight(let marker, let folder, let name):
        "\(marker) names no league night of \(folder) (\(name.debugDescription)): remove it to go back to"
          + " open play, or write the name of a night file there without its .toml"
      case .cannotWrite(let problem):
        "\(problem)"
      case .cannotRemove(let marker, let errno):
        "cannot remove \(marker): \(String(cString: strerror(errno)))"
      }
    }
  }
}
