import DeskAccess
import SafeFiles

#if canImport(Glibc)
  import Glibc
#endif

extension DeskUsers {
  /// Why the desk's users file, or the password for it, cannot be used: what is wrong with
  /// which file, and what to do. `lane` gives each its exit status (docs/errors.md).
  public enum Failure: Error, Sendable, CustomStringConvertible {
    /// The file is missing, unreadable or not a regular file (a symbolic link is not
    /// followed).
    case unreadable(path: String, reason: String)
    /// Its mode, owner or group is not one of the two forms the desk accepts
    /// (``UsersFileAccess``): it holds the desk's password hashes.
    case notAccepted(path: String, problem: String)
    /// It is not a users file, or a line of it is wrong (`problem` says which).
    case notAUsersFile(path: String, problem: String)
    /// The file cannot be written.
    case cannotWrite(FileProblem)
    /// A password a desk user may not have (`problem` says why).
    case passwordRefused(problem: String)
    /// Standard input cannot be read.
    case passwordUnreadable(any Error)
    /// The password's line is longer than any password may be.
    case passwordTooLong
    /// Standard input ends before a password.
    case noPassword
    /// The password is not UTF-8 text.
    case passwordNotText

    public var description: String {
      switch self {
      case .unreadable(let path, let reason):
        "the users file '\(path)' cannot be read: \(reason)"
      case .notAccepted(let path, let problem):
        "the users file '\(path)' holds the desk's password hashes and \(problem): "
          + UsersFileAccess.fix(path)
      case .notAUsersFile(let path, let problem):
        "the users file '\(path)', \(problem); it was left as it is"
      case .cannotWrite(let problem):
        "\(problem)"
      case .passwordRefused(let problem):
        problem
      case .passwordUnreadable(let error):
        "cannot read the password from standard input: \(error)"
      case .passwordTooLong:
        "the password's line is longer than 1024 bytes; a desk password is at most \(DeskPassword.maximumBytes)"
      case .noPassword:
        "no password on standard input: give it as its first line"
      case .passwordNotText:
        "the password on standard input is not UTF-8 text"
      }
    }
  }
}
