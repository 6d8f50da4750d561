import ArgumentParser
import DeskAccess
import LaneRuntime
import LaneBridge
import LaneCLI

extension Lane.Desk {
  /// `lane desk users`: who may sign in at the desk's page, and as what.
  struct Users: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add or change the desk's users, who sign in at lane desk --http.",
      discussion: """
        A users file holds one line per user: the name, the role (clerk: lanes, sessions, \
        corrections, faults; manager: also leagues, records and users) and a bcrypt hash of \
        the password. It is mode 600 owned by the desk's user, or mode 640 owned by root in \
        the desk's group; lane desk refuses any other. See docs/desk.md.
        """,
      subcommands: [Add.self, List.self])
  }
}

extension Lane.Desk.Users {
  /// `lane desk users add NAME --role ROLE --users FILE`: the password from standard input.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a desk user, or give one a new password and role.",
      discussion: """
        The password is the first line of standard input (on a terminal it is asked for and \
        not shown): 8 characters to 72 bytes. The file is created mode 600 when missing; an \
        existing one keeps its owner, group and mode, so run it as the desk's user or as root. Sessions of \
        a user whose password changes end at once.
        """ + ExitStatus.help(.usage, .dataError, .noInput, .cannotCreate, .ioError, .badConfiguration))

    @Argument(help: "The user's name: 1-32 of a-z 0-9 . _ -, as typed at sign-in.")
    var name: String

    @Option(help: "clerk or manager.")
    var role: DeskRole

    @Option(help: "The users file (lane desk --users).")
    var users: String

    func validate() throws {
      if let problem = DeskUser.problem(withName: name) { throw ValidationError(problem) }
    }

    func run() throws {
      let password = try DeskUsers.passwordFromStandardInput(for: name)
      let replaced = try DeskUsers.set(name: name, role: role, password: password, in: users)
      Report.line("\(replaced ? "changed" : "added") \(name) (\(role.rawValue)) in \(users)")
    }
  }

  /// `lane desk users list --users FILE`: each user's name and role.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the desk's users and their roles.",
      discussion: ExitStatus.help(.usage, .dataError, .noInput, .badConfiguration))

    @Option(help: "The users file (lane desk --users).")
    var users: String

    func run() throws {
      var output = StandardOutput()
      for user in try DeskUsers.read(users).users {
        print("\(user.name) \(user.role.rawValue)", to: &output)
      }
    }
  }
}

extension DeskRole: ExpressibleByArgument {}
