import DeskAccess
import Testing

@Suite("Desk passwords as bcrypt hashes")
struct DeskPasswordTests {
  @Test("When a password is hashed, then only that password matches the hash, and the hash is not the password")
  func matches() {
    let hash = DeskPassword.hash("correct horse", cost: 4)
    #expect(hash.hasPrefix("$2b$04$"))
    #expect(!hash.contains("correct horse"))
    #expect(DeskPassword.matches("correct horse", hash: hash))
    #expect(!DeskPassword.matches("correct horsf", hash: hash))
    #expect(!DeskPassword.matches("", hash: hash))
    // Two hashes of one password differ by their salt.
    #expect(DeskPassword.hash("correct horse", cost: 4) != hash)
  }

  @Test(
    "When a new password is checked, then 8 characters to 72 bytes without NUL pass",
    arguments: [
      ("12345678", true), (String(repeating: "p", count: 72), true), ("1234567", false),
      (String(repeating: "p", count: 73), false), (String(repeating: "é", count: 37), false),
      ("pass\u{0}word", false),
    ])
  func problems(password: String, accepted: Bool) {
    #expect((DeskPassword.problem(with: password) == nil) == accepted)
  }

  @Test("When the name is unknown, then the stand-in hash matches no password a user would type")
  func unknownUser() {
    #expect(DeskPassword.unknownUserHash.hasPrefix("$2b$12$"))
    #expect(!DeskPassword.matches("12345678", hash: DeskPassword.unknownUserHash))
  }
}
