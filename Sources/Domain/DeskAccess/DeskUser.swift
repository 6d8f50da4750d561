import Centre

/// One person who signs in at the desk: a name, a role and a bcrypt hash of the password.
public struct DeskUser: Hashable, Sendable {
  public var name: String
  public var role: DeskRole
  /// The password's bcrypt hash (`$2b$COST$…`), never the password.
  public var passwordHash: String

  public init(name: String, role: DeskRole, passwordHash: String) {
    self.name = name
    self.role = role
    self.passwordHash = passwordHash
  }

  /// The longest user name.
  public static let maximumNameLength = 32

  /// Why `name` cannot be a user's, or `nil` when it can: 1-32 of `a-z 0-9 . _ -`, starting
  /// with a letter or digit (``Payload/isValidUserName(_:)``): the name goes into the lanes'
  /// journals (`desk/NAME/…`) and the users file's columns.
  public static func problem(withName name: String) -> String? {
    guard !Payload.isValidUserName(name) else { return nil }
    return "a user name is 1 to \(maximumNameLength) of lower-case letters, digits, '.', '_' and '-',"
      + " starting with a letter or digit; '\(name)' is not"
  }
}
