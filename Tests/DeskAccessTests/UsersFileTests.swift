import DeskAccess
import Foundation
import Testing

@Suite("The desk's users file")
struct UsersFileTests {
  /// Given two users' hashes, made at bcrypt's lowest cost to keep the tests quick.
  let anaHash = DeskPassword.hash("ana's password", cost: 4)
  let miaHash = DeskPassword.hash("mia's password", cost: 4)

  @Test("When users are set and the file is read back, then it has each user once, the changed one in place")
  func roundTrip() throws {
    var file = UsersFile()
    #expect(file.set(DeskUser(name: "ana", role: .clerk, passwordHash: anaHash)) == false)
    #expect(file.set(DeskUser(name: "mia", role: .clerk, passwordHash: miaHash)) == false)
    // When mia becomes a manager, then she keeps her place and the file says she was there.
    #expect(file.set(DeskUser(name: "mia", role: .manager, passwordHash: miaHash)) == true)

    let read = try UsersFile(parsing: file.text)
    #expect(read == file)
    #expect(read.users.map(\.name) == ["ana", "mia"])
    #expect(read.user(named: "mia")?.role == .manager)
    #expect(file.text.hasPrefix(UsersFile.header + "\n"))
  }

  @Test(
    "When a file is not a users file or a line is wrong, then it is refused with the line and what to do",
    arguments: [
      ("ana clerk {hash}\n", 1, "not a desk users file"),
      ("{header}\nana clerk\n", 2, "three fields"),
      ("{header}\nana boss {hash}\n", 2, "unknown role 'boss'"),
      ("{header}\nAna clerk {hash}\n", 2, "lower-case letters"),
      ("{header}\nana clerk $2b$04$short\n", 2, "not a bcrypt hash"),
      ("{header}\n# a comment\n\nana clerk {hash}\nana manager {hash}\n", 5, "ana is named twice"),
    ])
  func refused(text: String, line: Int, reason: String) throws {
    let hash = anaHash
    let filled = text.replacingOccurrences(of: "{header}", with: UsersFile.header)
      .replacingOccurrences(of: "{hash}", with: hash)
    let problem = #expect(throws: UsersFile.Problem.self) { try UsersFile(parsing: filled) }
    #expect(problem?.line == line)
    #expect(problem?.description.contains(reason) == true, "\(String(describing: problem))")
  }

  @Test(
    "When a user name is checked, then lower-case letters, digits, dot, underscore and dash pass, up to 32",
    arguments: [
      ("ana", true), ("front.desk-2_b", true), ("a", true), (String(repeating: "x", count: 32), true),
      ("", false), (String(repeating: "x", count: 33), false), ("Ana", false), ("ana b", false),
      ("ana/b", false), (".ana", false), ("-ana", false), ("anä", false),
    ])
  func userNames(name: String, accepted: Bool) {
    #expect((DeskUser.problem(withName: name) == nil) == accepted)
  }
}
