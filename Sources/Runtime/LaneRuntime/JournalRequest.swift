import Foundation
import Journal
import LaneBridge
import Logging
import LaneControl

#if canImport(Glibc)
  import Glibc
#endif

/// How `lane correct` and `lane session` reach a lane: a running lane holds the journal's
/// lane lock and is asked over its control socket; when none runs, the command takes the
/// lock and does it itself. A lane starting or stopping between the two is met by trying
/// again.
public enum JournalRequest {
  /// The command's own refusal of what was asked, with nothing written.
  public struct Refused: Error {
    public var reason: String

    public init(reason: String) {
      self.reason = reason
    }
  }

  /// Does `request` on the lane of `journal`: through `locally` with the journal open and
  /// locked when no lane runs, or over the running lane's control socket.
  ///
  /// - Returns: What was done, in words, for the operator.
  /// - Throws: The journal's ``JournalError``, the command's ``Refused`` (from
  ///   `locally`), the control socket's `ControlClient.Failure`, or ``Failure`` when the
  ///   running lane refused the request or its socket every connection.
  /// - Parameter logger: Told of a torn record set aside or a checkpoint problem.
  public static func send(
    _ request: ControlRequest, journal: String, logger: Logger,
    locally: (JournalFile) throws -> String
  ) async throws -> String {
    let socket = ControlSocket.path(forJournal: journal)
    for attempt in 1...3 {
      do {
        let file = try JournalFile(
          path: journal, ifMissing: .refuse, holdingLane: true, usingCheckpoint: true)
        if let recovered = file.recovered { logger.warning("\(recovered)") }
        if let problem = file.checkpointProblem { logger.warning("\(problem)") }
        return try locally(file)
      } catch JournalError.inUse {
        // Handled below: the running lane does it.
      }
      let reply: ControlReply
      do throws(ControlClient.Failure) {
        reply = try ControlClient.send(request, to: socket)
      } catch .refused where attempt < 3 {
        // The lane may be between closing its socket and opening it again (a new session).
        try? await Task.sleep(for: .milliseconds(200))
        continue
      } catch {
        throw error
      }
      guard reply.ok, let sequence = reply.sequence else {
        throw Failure.refusedByLane(reason: reply.error)
      }
      return "record \(sequence), \(reply.what ?? "done") (made by the running lane)"
    }
    throw Failure.socketRefused
  }

  /// A request id unlikely to be any other client's: this process and the time.
  public static func id() -> String {
    "\(getpid())-\(UInt64(Date().timeIntervalSince1970 * 1_000_000))"
  }
}
