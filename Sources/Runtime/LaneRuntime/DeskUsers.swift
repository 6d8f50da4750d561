import DeskAccess
import SafeFiles
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// The desk's users file on disk (`lane desk --users`, `lane desk users add`): read only
/// when it is a regular file that is ours in one of the two forms the setup documents
/// (``UsersFileAccess``: 600 the desk's user's, or 640 `root:` the desk's group), written
/// by replacing it whole, keeping its owner, group and mode (600 for a new file).
public enum DeskUsers {
  /// The users file at `path`.
  ///
  /// - Throws: ``Failure``: ``Failure/unreadable(path:reason:)`` when it is missing,
  ///   unreadable or not a regular file (a symbolic link is not followed),
  ///   ``Failure/notAccepted(path:problem:)`` when its mode, owner or group is not one of
  ///   the two forms, ``Failure/notAUsersFile(path:problem:)`` when a line is wrong.
  public static func read(_ path: String) throws(Failure) -> UsersFile {
    try readWithAccess(path).file
  }

  /// The users file at `path` and how it may be read, as ``read(_:)`` reads it.
  private static func readWithAccess(_ path: String) throws(Failure) -> (file: UsersFile, access: UsersFileAccess) {
    let (text, access): (String, UsersFileAccess)
    do {
      let secret = try FileContents.readSecret(path, maximumSize: UsersFile.maximumSize, kind: "the desk's users file")
      text = secret.text
      access = UsersFileAccess(permissions: UInt32(secret.permissions), owner: secret.owner, group: secret.group)
    } catch {
      throw .unreadable(path: path, reason: error.reason)
    }
    if let problem = access.problem(readBy: UsersFileAccess.Reader(user: geteuid(), group: getegid())) {
      throw .notAccepted(path: path, problem: problem)
    }
    do {
      return (try UsersFile(parsing: text), access)
    } catch {
      throw .notAUsersFile(path: path, problem: "\(error)")
    }
  }

  /// Sets user `name` with `role` and a bcrypt hash of `password` at bcrypt's cost for a
  /// desk (``DeskPassword/defaultCost``) in the users file at `path` (``set(_:in:)``).
  ///
  /// - Throws: ``Failure/passwordRefused(problem:)`` for a password a desk user may not
  ///   have; what ``set(_:in:)`` throws.
  public static func set(name: String, role: DeskRole, password: String, in path: String) throws(Failure) -> Bool {
    if let problem = DeskPassword.problem(with: password) { throw .passwordRefused(problem: problem) }
    return try set(DeskUser(name: name, role: role, passwordHash: DeskPassword.hash(password)), in: path)
  }

  /// Sets `user` in the users file at `path` (added, or its role and password replaced),
  /// creating the file when missing.
  ///
  /// - Returns: Whether the user was there before.
  /// - Throws: ``Failure``: what ``read(_:)`` throws for an existing file;
  ///   ``Failure/cannotWrite(_:)`` when the file cannot be written.
  public static func set(_ user: DeskUser, in path: String) throws(Failure) -> Bool {
    var file = UsersFile()
    var access: UsersFileAccess?
    if ExistingFile.exists(path) {
      (file, access) = try readWithAccess(path)
    }
    let replaced = file.set(user)
    do throws(FileProblem) {
      let new = try NewFile(for: path, mode: mode_t(access?.permissions ?? 0o600))
      // A file the desk's service user owns stays its, and one root owns stays readable by
      // the desk's group, when root changes it: its owner, group and mode kept.
      if let access {
        guard fchown(new.descriptor.rawValue, access.owner, access.group) == 0,
          fchmod(new.descriptor.rawValue, mode_t(access.permissions)) == 0
        else {
          throw FileProblem(operation: "keep the owner and mode of", path: path, errno: errno)
        }
      }
      try new.write(Array(file.text.utf8))
      try new.commit(replacing: true)
    } catch {
      throw .cannotWrite(error)
    }
    return replaced
  }

  /// The first line of standard input: the password `lane desk users add` sets. On a
  /// terminal it asks for it on standard error and does not echo it.
  ///
  /// - Throws: ``Failure`` when standard input cannot be read, ends before a password, or
  ///   holds a line longer than any password may be or one that is not text.
  public static func passwordFromStandardInput(for name: String) throws(Failure) -> String {
    let terminal = isatty(0) == 1
    var saved = termios()
    if terminal, tcgetattr(0, &saved) == 0 {
      var quiet = saved
      quiet.c_lflag &= ~tcflag_t(ECHO)
      tcsetattr(0, TCSAFLUSH, &quiet)
      let prompt = Array("password for \(name): ".utf8)
      _ = try? FileDescriptor.standardError.write(all: prompt)
    }
    defer {
      if terminal {
        tcsetattr(0, TCSAFLUSH, &saved)
        _ = try? FileDescriptor.standardError.write(all: Array("\n".utf8))
      }
    }
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count: Int
      do {
        count = try withUnsafeMutableBytes(of: &byte) { try FileDescriptor.standardInput.read(into: $0) }
      } catch {
        throw .passwordUnreadable(error)
      }
      if count == 0 || byte == UInt8(ascii: "\n") { break }
      line.append(byte)
      guard line.count <= 1024 else {
        throw .passwordTooLong
      }
    }
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    guard !line.isEmpty else {
      throw .noPassword
    }
    guard let password = String(validating: line, as: UTF8.self) else {
      throw .passwordNotText
    }
    return password
  }
}
