/// The desk's users file (`lane desk users add`, `lane desk --users`): one user a line,
/// `NAME ROLE HASH`, after a header line that says the file is ours.
///
/// ```
/// # lanebridge desk users v1: NAME ROLE BCRYPT-HASH, written by lane desk users add
/// ana clerk $2b$12$…
/// mia manager $2b$12$…
/// ```
public struct UsersFile: Hashable, Sendable {
  /// The users, in the file's order.
  public private(set) var users: [DeskUser]

  /// The first line of every users file.
  public static let header = "# lanebridge desk users v1: NAME ROLE BCRYPT-HASH, written by lane desk users add"
  /// The largest users file read: a centre has tens of users, each line about 100 bytes.
  public static let maximumSize = 256 * 1024

  public init(users: [DeskUser] = []) {
    self.users = users
  }

  /// What is wrong with a users file, with its line number.
  public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String

    public var description: String { "line \(line): \(reason)" }
  }

  /// Reads a users file's text.
  ///
  /// - Throws: ``Problem`` for a file without the header (not a users file, never changed),
  ///   a line that is not `NAME ROLE HASH`, an unknown role, a bad name or hash, a name twice.
  public init(parsing text: String) throws(Problem) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    guard lines.first == Self.header else {
      throw Problem(
        line: 1,
        reason: "not a desk users file (its first line is not '\(Self.header)'); lane desk users add writes one")
    }
    var users: [DeskUser] = []
    var seen: Set<String> = []
    for (index, line) in lines.enumerated().dropFirst() {
      let number = index + 1
      if line.isEmpty || line.hasPrefix("#") { continue }
      let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
      guard fields.count == 3 else {
        throw Problem(line: number, reason: "expected NAME ROLE HASH, three fields separated by spaces")
      }
      if let problem = DeskUser.problem(withName: fields[0]) { throw Problem(line: number, reason: problem) }
      guard let role = DeskRole(rawValue: fields[1]) else {
        throw Problem(line: number, reason: "unknown role '\(fields[1])'; the roles are clerk and manager")
      }
      guard Self.isBcryptHash(fields[2]) else {
        throw Problem(line: number, reason: "the password hash of \(fields[0]) is not a bcrypt hash ($2b$…)")
      }
      guard seen.insert(fields[0]).inserted else {
        throw Problem(line: number, reason: "\(fields[0]) is named twice")
      }
      users.append(DeskUser(name: fields[0], role: role, passwordHash: fields[2]))
    }
    self.users = users
  }

  /// The file's text: the header, then one line a user.
  public var text: String {
    ([Self.header] + users.map { "\($0.name) \($0.role.rawValue) \($0.passwordHash)" })
      .joined(separator: "\n") + "\n"
  }

  /// The user named `name`, if any.
  public func user(named name: String) -> DeskUser? {
    users.first { $0.name == name }
  }

  /// Adds `user`, or replaces the user of that name (a new password or role) in place.
  ///
  /// - Returns: Whether a user of that name was there before.
  @discardableResult
  public mutating func set(_ user: DeskUser) -> Bool {
    if let index = users.firstIndex(where: { $0.name == user.name }) {
      users[index] = user
      return true
    }
    users.append(user)
    return false
  }

  /// Whether `text` has the shape of a bcrypt hash: `$2a$`, `$2b$` or `$2y$`, a two-digit
  /// cost, and 53 characters of bcrypt's base64.
  static func isBcryptHash(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 60, bytes[0] == UInt8(ascii: "$"), bytes[1] == UInt8(ascii: "2"),
      [UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "y")].contains(bytes[2]), bytes[3] == UInt8(ascii: "$"),
      bytes[6] == UInt8(ascii: "$")
    else { return false }
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    guard digits.contains(bytes[4]), digits.contains(bytes[5]) else { return false }
    let alphabet = Set("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    return bytes[7...].allSatisfy(alphabet.contains)
  }
}
