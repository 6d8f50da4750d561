import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The desk's users file in each form a setup may leave it, read as `lane desk` reads it
/// (`lane desk users list`, the same check): 600 the reader's own, or 640 root's in the
/// reader's group; nothing broader.
@Suite("The desk's users file: the two forms the desk accepts")
struct UsersFileFormsTests {
  let scratch: ScratchFolder
  let users: String

  /// Given a users file with ana, a clerk, in a folder every user may pass through.
  init() throws {
    scratch = try ScratchFolder()
    chmod(scratch.path, 0o711)
    users = scratch.path("users")
    try DeskFixture.writeUsers([("ana", .clerk)], to: users)
  }

  /// `lane desk users list --users FILE`, run as `setpriv` says when given: its exit
  /// status, standard output and standard error.
  static func list(_ file: String, as credentials: [String] = []) throws -> (status: Int32, output: String, errors: String) {
    let lane = try LaneServing.executable()
    let arguments = ["desk", "users", "list", "--users", file]
    let process =
      credentials.isEmpty
      ? try ChildProcess(lane, arguments, output: .pipe(.outOfChild), error: .pipe(.outOfChild))
      : try ChildProcess(
        "/usr/bin/setpriv", credentials + [lane] + arguments, output: .pipe(.outOfChild), error: .pipe(.outOfChild))
    let output = String(decoding: try process.standardOutput!.readToEnd(), as: UTF8.self)
    let errors = String(decoding: try process.standardError!.readToEnd(), as: UTF8.self)
    return (process.waitForExit(), output, errors)
  }

  @Test("When the file is 600 and the reader's own, then it is read; when its group may write it or others may read it, then 78 naming both forms; a symbolic link to it, 66")
  func modes() throws {
    #expect(try Self.list(users).output == "ana clerk\n")
    symlink(users, scratch.path("link"))
    let link = try Self.list(scratch.path("link"))
    #expect(link.status == 66, "\(link.errors)")
    #expect(link.errors.contains("symbolic link"), "\(link.errors)")

    for (mode, problem) in [
      (mode_t(0o660), "its group may write it (mode 660)"),
      (0o620, "its group may write it (mode 620)"),
      (0o644, "others than its owner and group may read or write it (mode 644)"),
      (0o604, "others than its owner and group may read or write it (mode 604)"),
      (0o700, "it is mode 700, neither 600 nor 640"),
    ] {
      chmod(users, mode)
      let refused = try Self.list(users)

      #expect(refused.status == 78, "\(mode): \(refused.errors)")
      #expect(refused.errors.contains(problem), "\(refused.errors)")
      #expect(refused.errors.contains("chmod 600 '\(users)'") && refused.errors.contains("chown root:lanebridge '\(users)'"))
      #expect(refused.output.isEmpty)
    }
  }

  @Suite(
    "Given the file read by another user than root, as the desk's service reads it",
    .enabled(if: geteuid() == 0, "needs root: to give the file to root and to a group, and to run lane as nobody with setpriv"))
  struct AsTheService {
    let forms: UsersFileFormsTests
    /// nobody, its group nogroup, and a further group 47123 that is not the desk's.
    static let nobody = ["--reuid=65534", "--regid=65534", "--groups=47123"]

    init() throws {
      forms = try UsersFileFormsTests()
    }

    @Test("When the file is 640 owned by root in the reader's group, or 600 the reader's own, then it is read")
    func accepted() throws {
      chown(forms.users, 0, 65534)
      chmod(forms.users, 0o640)
      let rootsInGroup = try UsersFileFormsTests.list(forms.users, as: Self.nobody)
      #expect(rootsInGroup.status == 0, "\(rootsInGroup.errors)")
      #expect(rootsInGroup.output == "ana clerk\n")

      chown(forms.users, 65534, 65534)
      chmod(forms.users, 0o600)
      let own = try UsersFileFormsTests.list(forms.users, as: Self.nobody)
      #expect(own.status == 0, "\(own.errors)")
      #expect(own.output == "ana clerk\n")
    }

    @Test("When the file is 640 in another group the reader is also in, or 640 not owned by root, then 78 saying which; 600 root's, unreadable, 66")
    func refused() throws {
      for (owner, group, mode, status, problem) in [
        (uid_t(0), gid_t(47123), mode_t(0o640), Int32(78), "its group is 47123, not lane desk's (65534)"),
        (65534, 65534, 0o640, 78, "owned by user 65534, not by root"),
        (0, 65534, 0o600, 66, "Permission denied"),
      ] {
        chown(forms.users, owner, group)
        chmod(forms.users, mode)
        let run = try UsersFileFormsTests.list(forms.users, as: Self.nobody)

        #expect(run.status == status, "\(owner):\(group) \(mode): \(run.errors)")
        #expect(run.errors.contains(problem), "\(run.errors)")
        #expect(run.output.isEmpty)
      }
    }

    @Test("When root adds a user to a 640 root-owned file, then it keeps its owner, group and mode, and the desk's user still reads it")
    func addKeepsTheForm() throws {
      chown(forms.users, 0, 65534)
      chmod(forms.users, 0o640)

      // At bcrypt's own cost: lane desk users add has no other.
      let added = try DeskFixture.addUser("ben", role: "manager", password: "ben's password", to: forms.users)

      #expect(added.status == 0, "\(added.errors)")
      var status = stat()
      #expect(lstat(forms.users, &status) == 0)
      #expect(status.st_uid == 0 && status.st_gid == 65534, "\(status.st_uid):\(status.st_gid)")
      #expect(status.st_mode & 0o7777 == 0o640, "\(String(status.st_mode & 0o7777, radix: 8))")
      #expect(try UsersFileFormsTests.list(forms.users, as: Self.nobody).output == "ana clerk\nben manager\n")
    }
  }
}
