import ArgumentParser
import Bowling
import Foundation
import Journal
import LaneBridge
import Scoreboard

#if canImport(Glibc)
  import Glibc
#endif

extension Lane {
  /// `lane correct`: an operator's correction, journalled against a running or stopped lane.
  struct Correct: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Correct the last throw in a lane's journal: pins, foul, dead ball, undo.",
      discussion: """
        pins 1,2,4 sets the pins the last ball knocked down (pins - for none); foul and \
        no-foul mark or clear a foul; dead-ball takes the last ball back so it is bowled \
        again; undo takes back the last throw or correction. The correction is journalled \
        with --by and the time. A running lane (lane run or lane simulate --journal) makes it \
        itself, asked over its control socket JOURNAL.sock, and shows it at once; otherwise \
        this command appends it. Prints what changed (and, for a stopped lane, the \
        scoreboard). Exit status 65 when the correction is refused (the games would be \
        impossible), 66 when there is no such journal, 69 when the running lane's socket \
        refuses the connection, 74 when it cannot be written, 75 when the running lane does \
        not answer within 10 s, 76 when the answer is not a lane's reply.
        """
    )

    enum Action: String, ExpressibleByArgument, CaseIterable {
      case pins, foul, noFoul = "no-foul", deadBall = "dead-ball", undo
    }

    @Option(help: "The lane's journal, as given to lane run --journal.")
    var journal: String

    @Option(help: "Who makes the correction, for the journal.")
    var by = "operator"

    @Argument(help: "pins, foul, no-foul, dead-ball or undo.")
    var action: Action

    @Argument(help: "For pins: the pin numbers the last ball knocked down, e.g. 1,2,4 (- for none).")
    var pins: String?

    func validate() throws {
      if action == .pins, pins == nil {
        throw ValidationError("pins needs the pin numbers, e.g. lane correct pins 1,2,4")
      }
      if action != .pins, pins != nil {
        throw ValidationError("only pins takes pin numbers")
      }
    }

    func run() throws {
      var output = StandardOutput()
      var warnings = StandardError()
      let correction: Correction
      switch action {
      case .pins:
        do {
          correction = .setPins(try ConsoleCommand.pins(from: pins ?? ""))
        } catch {
          throw ValidationError("\(error)")
        }
      case .foul: correction = .foul(true)
      case .noFoul: correction = .foul(false)
      case .deadBall: correction = .deadBall
      case .undo: correction = .undo
      }
      let socket = ControlSocket.path(forJournal: journal)
      // A lane that runs holds the journal's lane lock and takes corrections on its socket;
      // when none runs, this process takes the lock and appends itself. A lane starting or
      // stopping between the two is met by trying again.
      for attempt in 1...3 {
        do throws(JournalError) {
          let file = try JournalFile(
            path: journal, ifMissing: .refuse, holdingLane: true, usingCheckpoint: true)
          if let recovered = file.recovered { print("lane correct: warning: \(recovered)", to: &warnings) }
          if let problem = file.checkpointProblem { print("lane correct: warning: \(problem)", to: &warnings) }
          var session = try JournalledSession(store: file, opened: file)
          let (entry, _) = try session.correct(correction, by: by, at: Date())
          JournalCheckpoint.renew(file, session: session.session, through: session.lastSequence) { problem in
            print("lane correct: warning: \(problem)", to: &warnings)
          }
          if case .corrected(_, let change) = entry.event {
            print("record \(entry.sequence), \(correction) by \(by): \(change)", to: &output)
          }
          print(SessionScoreboard().render(session.session), to: &output)
          return
        } catch .inUse {
          // Handled below: the running lane makes the correction.
        } catch {
          print("lane correct: \(error)", to: &warnings)
          throw ExitCode(error.exitStatus)
        }
        let request = ControlRequest(id: Self.requestID(), by: by, correction: correction)
        let reply: ControlReply
        do throws(ControlClient.Failure) {
          reply = try ControlClient.send(request, to: socket)
        } catch .refused where attempt < 3 {
          usleep(200_000)
          continue
        } catch {
          print("lane correct: \(error)", to: &warnings)
          throw ExitCode(error.exitStatus)
        }
        guard reply.ok, let sequence = reply.sequence else {
          print("lane correct: the running lane refused it: \(reply.error ?? "no reason given")", to: &warnings)
          throw ExitCode(.dataError)
        }
        print("record \(sequence), \(reply.what ?? "\(correction) by \(by)") (made by the running lane)", to: &output)
        return
      }
    }

    /// A request id unlikely to be any other client's: this process and the time.
    static func requestID() -> String {
      "\(getpid())-\(UInt64(Date().timeIntervalSince1970 * 1_000_000))"
    }
  }
}
