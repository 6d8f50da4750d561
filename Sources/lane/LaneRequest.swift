import ArgumentParser
import Foundation
import Journal
import LaneBridge
import LaneControl

#if canImport(Glibc)
  import Glibc
#endif

/// How `lane correct` and `lane session` reach a lane: a running lane holds the journal's
/// lane lock and is asked over its control socket; when none runs, the command takes the
/// lock and does it itself. A lane starting or stopping between the two is met by trying
/// again.
enum LaneRequest {
  /// The command's own refusal of what was asked (exit 65), with nothing written.
  struct Refused: Error {
    var reason: String
  }

  /// Does `request` on the lane of `journal`: through `locally` with the journal open and
  /// locked when no lane runs, or over the running lane's control socket.
  ///
  /// - Returns: What was done, in words, for the operator.
  /// - Throws: `ExitCode` after telling the operator what went wrong.
  static func send(
    _ request: ControlRequest, journal: String, command: String,
    locally: (JournalFile) throws -> String
  ) throws -> String {
    var warnings = StandardError()
    let socket = ControlSocket.path(forJournal: journal)
    for attempt in 1...3 {
      do {
        let file = try JournalFile(
          path: journal, ifMissing: .refuse, holdingLane: true, usingCheckpoint: true)
        if let recovered = file.recovered { print("lane \(command): warning: \(recovered)", to: &warnings) }
        if let problem = file.checkpointProblem { print("lane \(command): warning: \(problem)", to: &warnings) }
        return try locally(file)
      } catch JournalError.inUse {
        // Handled below: the running lane does it.
      } catch let error as JournalError {
        print("lane \(command): \(error)", to: &warnings)
        throw ExitCode(error.exitStatus)
      } catch let refused as Refused {
        print("lane \(command): \(refused.reason)", to: &warnings)
        throw ExitCode(.dataError)
      }
      let reply: ControlReply
      do throws(ControlClient.Failure) {
        reply = try ControlClient.send(request, to: socket)
      } catch .refused where attempt < 3 {
        usleep(200_000)
        continue
      } catch {
        print("lane \(command): \(error)", to: &warnings)
        throw ExitCode(error.exitStatus)
      }
      guard reply.ok, let sequence = reply.sequence else {
        print("lane \(command): the running lane refused it: \(reply.error ?? "no reason given")", to: &warnings)
        throw ExitCode(.dataError)
      }
      return "record \(sequence), \(reply.what ?? "done") (made by the running lane)"
    }
    print("lane \(command): the running lane's socket refused the connection", to: &warnings)
    throw ExitCode(.unavailable)
  }

  /// A request id unlikely to be any other client's: this process and the time.
  static func id() -> String {
    "\(getpid())-\(UInt64(Date().timeIntervalSince1970 * 1_000_000))"
  }
}
