import HummingbirdBcrypt

/// Desk passwords as bcrypt hashes: what a password may be, its hash, and the check.
///
/// bcrypt is slow on purpose (2^cost rounds); callers run it off the server's event loops.
public enum DeskPassword {
  /// The cost new hashes get: 2^12 rounds.
  public static let defaultCost: UInt8 = 12
  /// bcrypt reads at most 72 bytes; a longer password would be cut without a word.
  public static let maximumBytes = 72
  public static let minimumCharacters = 8

  /// Why `password` cannot be a desk password, or `nil` when it can.
  public static func problem(with password: String) -> String? {
    if password.count < minimumCharacters {
      return "a desk password is at least \(minimumCharacters) characters"
    }
    if password.utf8.count > maximumBytes {
      return "a desk password is at most \(maximumBytes) bytes (bcrypt reads no further)"
    }
    if password.utf8.contains(0) { return "a desk password holds no NUL character" }
    return nil
  }

  /// The bcrypt hash of `password` (checked with ``problem(with:)`` first) at `cost` (4-31).
  public static func hash(_ password: String, cost: UInt8 = defaultCost) -> String {
    Bcrypt.hash(password, cost: cost)
  }

  /// Whether `password` is the one `hash` was made from.
  public static func matches(_ password: String, hash: String) -> Bool {
    guard !password.utf8.contains(0), password.utf8.count <= maximumBytes else { return false }
    return Bcrypt.verify(password, hash: hash)
  }

  /// A hash no password matches in practice, checked when the user name is unknown so that
  /// an unknown name takes as long to refuse as a wrong password.
  /// Made once, from a random password, at the default cost.
  public static let unknownUserHash = hash(String(UInt64.random(in: .min ... .max), radix: 36) + "-unknown")
}
