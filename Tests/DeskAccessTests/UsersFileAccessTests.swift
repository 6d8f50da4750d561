import DeskAccess
import Testing

@Suite("Who may read the desk's users file")
struct UsersFileAccessTests {
  /// The desk's service: lanebridge (uid 998) in its group (gid 997).
  static let service = UsersFileAccess.Reader(user: 998, group: 997)
  static let root = UsersFileAccess.Reader(user: 0, group: 0)

  struct Form: CustomTestStringConvertible, Sendable {
    var permissions: UInt32
    var owner: UInt32
    var group: UInt32
    var reader: UsersFileAccess.Reader
    /// Part of the refusal, or `nil` when the form is accepted.
    var refusal: String? = nil

    var testDescription: String {
      "\(String(permissions, radix: 8)) \(owner):\(group) read by \(reader.user):\(reader.group)"
    }
  }

  @Test(
    "When the file is 600 the service's own or 640 root's in the service's group (or either read by root), then it is accepted",
    arguments: [
      Form(permissions: 0o600, owner: 998, group: 997, reader: service),
      Form(permissions: 0o400, owner: 998, group: 997, reader: service),
      Form(permissions: 0o640, owner: 0, group: 997, reader: service),
      Form(permissions: 0o440, owner: 0, group: 997, reader: service),
      Form(permissions: 0o600, owner: 998, group: 997, reader: root),
      Form(permissions: 0o640, owner: 0, group: 997, reader: root),
      Form(permissions: 0o600, owner: 0, group: 0, reader: root),
    ])
  func accepted(form: Form) {
    let access = UsersFileAccess(permissions: form.permissions, owner: form.owner, group: form.group)
    #expect(access.problem(readBy: form.reader) == nil)
  }

  @Test(
    "When its group may write it, others may read it, its group is not the service's or another user owns it, then it is refused saying which",
    arguments: [
      Form(permissions: 0o660, owner: 0, group: 997, reader: service, refusal: "its group may write it (mode 660)"),
      Form(permissions: 0o620, owner: 998, group: 997, reader: root, refusal: "its group may write it (mode 620)"),
      Form(permissions: 0o644, owner: 998, group: 997, reader: service, refusal: "others than its owner and group may read or write it (mode 644)"),
      Form(permissions: 0o604, owner: 998, group: 997, reader: root, refusal: "others than its owner and group may read or write it (mode 604)"),
      Form(permissions: 0o640, owner: 0, group: 4, reader: service, refusal: "its group is 4, not lane desk's (997)"),
      Form(permissions: 0o640, owner: 998, group: 997, reader: service, refusal: "owned by user 998, not by root"),
      Form(permissions: 0o640, owner: 998, group: 997, reader: root, refusal: "owned by user 998, not by root"),
      Form(permissions: 0o600, owner: 1000, group: 997, reader: service, refusal: "owned by user 1000, not by the user lane desk runs as (998)"),
      Form(permissions: 0o700, owner: 998, group: 997, reader: service, refusal: "it is mode 700, neither 600 nor 640"),
      Form(permissions: 0o4600, owner: 998, group: 997, reader: service, refusal: "it is mode 4600, neither 600 nor 640"),
    ])
  func refused(form: Form) throws {
    let access = UsersFileAccess(permissions: form.permissions, owner: form.owner, group: form.group)
    let problem = try #require(access.problem(readBy: form.reader))
    #expect(problem.contains(form.refusal!), "\(problem)")
  }
}
