import Bowling
import League
import SafeFiles

/// Why a lane's journal cannot be opened, read or written, and what to do about it.
public enum JournalError: Error, Hashable, Sendable {
  /// A system call on the journal failed.
  case system(operation: String, path: String, errno: Int32)
  /// A record before the last cannot be read: the journal is damaged where nothing should
  /// have been torn, so it is not guessed at.
  case corrupt(path: String, record: Int, offset: Int, reason: String)
  /// The records read fine but do not make a session (a refused entry, a gap in numbering).
  case inconsistent(sequence: Int, reason: String)
  /// The journal does not exist and was not to be created.
  case missing(path: String)
  /// The journal holds a session with other bowlers than were asked for.
  case otherBowlers(path: String, journal: [String], asked: [String])
  /// The session refused a correction; nothing was written.
  case refused(SessionError)
  /// The path is not a regular file (a directory, a FIFO, a device): it is never opened.
  case notRegular(path: String, kind: String)
  /// The file is not a journal of any version: it is never changed.
  case notAJournal(path: String, reason: String)
  /// The journal was written by a newer LaneBridge, in a format this one does not know.
  case unsupportedVersion(path: String, version: Int)
  /// Another process runs the lane on this journal (its pid, 0 when it cannot be known).
  case inUse(path: String, pid: Int32)
  /// A closed session's archive name holds another file: the session is not archived over it.
  case archiveTaken(path: String)
  /// A league night's journal (format 3) was opened as a lane's: it is not changed.
  case holdsLeagueNight(path: String)
  /// A lane's journal was opened as a league night's: it is not changed.
  case holdsLaneSession(path: String)
  /// The league night refused a delivery, a correction or an undo; nothing was written.
  case nightRefused(LeagueError)
}


extension JournalError {
  /// The journal error for a problem opening or creating a file.
  init(_ problem: FileProblem) {
    if let kind = problem.kind {
      self = .notRegular(path: problem.path, kind: kind)
    } else if problem.errno == ELOOP {
      self = .notRegular(path: problem.path, kind: "a symbolic link, which is never followed")
    } else {
      self = .system(operation: problem.operation, path: problem.path, errno: problem.errno ?? EIO)
    }
  }
}

#if canImport(Glibc)
  import Glibc
#endif

extension JournalError {
  /// What sort of failure an error is, for a command to choose its exit status by.
  ///
  /// The journal sits below the commands and knows no exit numbers: LaneBridge maps each
  /// kind to its `ExitStatus`, in one place (`JournalError+ExitStatus.swift`).
  public enum Kind: Hashable, Sendable, CaseIterable {
    /// Reading, writing, syncing or locking the journal failed in the system.
    case io
    /// The journal is not there, or is not a regular file.
    case noInput
    /// Another process runs the lane on this journal.
    case inUse
    /// The journal's content cannot be right (damaged, not a journal, a newer format, other
    /// bowlers, a night's journal where a lane's was expected or the reverse), or the session
    /// or the night refused a correction.
    case data
  }

  /// What sort of failure this is.
  public var kind: Kind {
    switch self {
    case .system: .io
    case .missing, .notRegular: .noInput
    case .inUse: .inUse
    case .corrupt, .inconsistent, .refused, .otherBowlers, .notAJournal, .unsupportedVersion,
      .archiveTaken, .holdsLeagueNight, .holdsLaneSession, .nightRefused:
      .data
    }
  }
}

extension JournalError: CustomStringConvertible {
  /// One message for the operator: what is wrong and what to do.
  public var description: String {
    switch self {
    case .system(let operation, let path, let errno):
      let advice =
        switch errno {
        case EACCES, EPERM: "; check the folder's permissions"
        case ENOSPC: "; free some space: nothing is scored until the journal can be written"
        case ENOENT: "; check that the folder exists"
        default: ""
        }
      return "cannot \(operation) the journal '\(path)': \(String(cString: strerror(errno)))\(advice)"
    case .corrupt(let path, let record, let offset, let reason):
      return "the journal '\(path)' is damaged at record \(record) (byte \(offset)): \(reason);"
        + " it was left as it is. Run 'lane journal check \(path)' to list the damage, and"
        + " 'lane journal salvage \(path) --out NEW' to copy every intact record to a new journal"
    case .inconsistent(let sequence, let reason):
      return "journal record \(sequence) cannot be applied: \(reason)"
    case .refused(let error):
      return "the correction was refused: \(error)"
    case .notRegular(let path, let kind):
      return "the journal '\(path)' is \(kind), not a regular file; give the path of a journal file"
    case .notAJournal(let path, let reason):
      return "'\(path)' is not a lane journal (\(reason)); it was left as it is: check the"
        + " path, or give a new file for lane run --journal to create"
    case .unsupportedVersion(let path, let version):
      return "the journal '\(path)' is in format \(version), newer than the formats this"
        + " LaneBridge reads (1 to \(JournalHeader.versions.upperBound)); it was left as it is:"
        + " use the LaneBridge that wrote it"
    case .inUse(let path, let pid):
      return "the journal '\(path)' is in use by another lane process"
        + (pid > 0 ? " (pid \(pid))" : "") + ": one lane, one writer. Stop that process first;"
        + " lane correct works while it runs"
    case .archiveTaken(let path):
      return "cannot archive the ended session as '\(path)': another file is there; move it"
        + " away and start the lane again (the session stays in the journal meanwhile)"
    case .holdsLeagueNight(let path):
      return "the journal '\(path)' holds a league night on a pair (format 3), not a lane's"
        + " session; it was left as it is. A night's journal is carried on by the pair's"
        + " runner, not by lane run, lane simulate --journal, lane correct or lane session:"
        + " give this lane its own journal ('lane journal check \(path)' shows the night)"
    case .holdsLaneSession(let path):
      return "the journal '\(path)' holds a lane's session, not a league night; it was left"
        + " as it is: give the night a journal of its own (a new file is created)"
    case .nightRefused(let error):
      return "the league night refused it: \(error); nothing was written"
    case .missing(let path):
      return "there is no journal '\(path)'; check the path (lane run --journal creates it)"
    case .otherBowlers(let path, let journal, let asked):
      return "the journal '\(path)' holds a session for \(Self.names(journal)), not"
        + " \(Self.names(asked)); leave out --bowlers to resume it, or give another"
        + " --journal file to start a new session"
    }
  }

  private static func names(_ bowlers: [String]) -> String {
    bowlers == [""] ? "one unnamed bowler" : "\"" + bowlers.joined(separator: ",") + "\""
  }
}
