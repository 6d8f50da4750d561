/// The mode of a pair of lanes run as one (`lane run` or `lane simulate` on a pair's config
/// file): open play, a league night being started from the desk, the night, and back. Pure:
/// it is told what happened and says what the pair does next; the runtime does it (opens
/// and stops the loops, writes the night, answers the desk).
///
/// Rules, each with its reason:
/// 1. A night the command names (`--league`) is bowled from the start and is the whole run.
///    Otherwise a night the desk started and did not end (``begin(current:)``) is bowled
///    first: a pair restarted mid-night (a power cut, an update) resumes it, not open play.
/// 2. In open play a `start-league` from the desk, through either lane, stops both lanes'
///    loops; the night starts once both stopped, with both sessions in hand. A second start
///    meanwhile is refused; so is every start on a pair that cannot keep a night (no
///    journals) or cannot bowl one on (a replay of standard input).
/// 3. A start that cannot be made (a lane has deliveries, the night has problems) is
///    answered with why, and open play goes on with the same lanes: nothing was changed.
/// 4. Only the desk's end of a night it started brings the pair back to open play, each
///    lane in a new session opened by the desk's author: the desk follows a lane's sessions
///    in the order they start. A night's run that ends otherwise (a stop, a replay's traces
///    ended) ends the run, the night still current for the next start.
/// 5. A stop or a lane failing ends open play and the run; a start asked for meanwhile is
///    refused with what happened. Both loops ending (they stopped for the start, or their
///    sensors ended first) starts the night asked for, if one was: the lanes are free
///    either way. Otherwise it ends the run.
public struct PairMachine: Sendable {
  /// A night the desk started: its file and its journal, kept beside the pair's left lane's
  /// journal (`nights/`).
  public struct DeskNight: Hashable, Sendable {
    public var file: String
    public var journal: String

    public init(file: String, journal: String) {
      self.file = file
      self.journal = journal
    }
  }

  /// A night the pair bowls.
  public enum Night: Hashable, Sendable {
    /// The command's own night (`--league`): ended only at the pair.
    case command
    /// A night the desk started, kept beside the pair's journals; the desk ends it.
    case desk(DeskNight)
  }

  /// What the pair does next.
  public enum Step: Hashable, Sendable {
    /// Opens both lanes and plays them apart; after a night the desk ended, each lane first
    /// opens a new session by `newSessionsBy` (rule 4).
    case playOpen(newSessionsBy: String?)
    /// Plays the same lanes on after a start that was refused (rule 3).
    case resumeOpenPlay
    /// Both loops stopped: check the lanes, write the night, end both sessions (rule 2);
    /// then tell ``nightStart(_:)`` how it went.
    case startNight(ControlRequest)
    /// Bowls the night until it ends; then tell ``nightEnded(endedBy:)``.
    case bowl(Night)
    /// The night the desk ended is over: it is no longer the pair's current night.
    case closeNight
    /// The run is over.
    case finish
  }

  /// What the desk's `start-league` gets at once, while open play runs.
  public enum Answer: Hashable, Sendable {
    /// Stop both lanes' loops: the night starts once they stopped (rule 2).
    case stopLoops
    /// Refused, with why.
    case refuse(String)
  }

  /// How open play ended.
  public enum OpenPlayEnding: Hashable, Sendable {
    /// Both loops ended: their sensors ended (a replay's traces), or they stopped for a
    /// start (``Answer/stopLoops``).
    case loopsEnded
    /// A stop was asked for.
    case stopped
    /// A lane failed, as `reason` says.
    case failed(String)
  }

  /// How a start went (``Step/startNight(_:)``).
  public enum StartOutcome: Hashable, Sendable {
    case started(DeskNight)
    case refused(String)
  }

  /// The answer to a start on a pair that already bowls a night.
  public static let alreadyBowling = "this pair is already playing a league night: end it first (end-session)"
  /// The answer to a second start while one is being made.
  public static let anotherStart = "another league night is being started on this pair"
  /// The answer to a start on a pair that keeps no journals.
  public static let noJournals =
    "the pair keeps no journals, and a league night must be kept: give its lanes journals in the config file"

  /// Where the pair is: open play (and a start asked for, if one was), a night, or over.
  public enum Mode: Hashable, Sendable {
    case openPlay(starting: ControlRequest?)
    case night(endsAtDesk: Bool)
    case over
  }

  public private(set) var mode: Mode = .openPlay(starting: nil)
  /// Why every start is refused on this pair, if it is (rule 2).
  private let refusal: String?

  /// - Parameters:
  ///   - keepsNights: Whether the pair keeps journals a desk's night can be kept beside.
  ///   - refusing: Why this pair cannot bowl a night on (a replay of standard input), if so.
  public init(keepsNights: Bool, refusing: String? = nil) {
    refusal = refusing ?? (keepsNights ? nil : Self.noJournals)
  }

  /// The first step (rule 1): the command's night, else the desk's current one, else open
  /// play.
  public mutating func begin(commandNight: Bool, current: DeskNight?) -> Step {
    if commandNight { return bowl(.command) }
    if let current { return bowl(.desk(current)) }
    mode = .openPlay(starting: nil)
    return .playOpen(newSessionsBy: nil)
  }

  /// The desk asked for a night through a lane in open play (rule 2).
  public mutating func startAsked(_ request: ControlRequest) -> Answer {
    guard case .openPlay(let starting) = mode else { return .refuse(Self.alreadyBowling) }
    if let refusal { return .refuse(refusal) }
    guard starting == nil else { return .refuse(Self.anotherStart) }
    mode = .openPlay(starting: request)
    return .stopLoops
  }

  /// Open play ended as `ending` said: the next step, and the reply a start asked for
  /// meanwhile gets, if it cannot be made (rule 5).
  public mutating func openPlayEnded(_ ending: OpenPlayEnding) -> (step: Step, refused: (ControlRequest, String)?) {
    guard case .openPlay(let starting?) = mode else {
      mode = .over
      return (.finish, nil)
    }
    switch ending {
    case .loopsEnded:
      return (.startNight(starting), nil)
    case .stopped:
      mode = .over
      return (.finish, (starting, "the pair was stopped before the night could start"))
    case .failed(let reason):
      mode = .over
      return (.finish, (starting, "the lane failed: \(reason)"))
    }
  }

  /// The start of ``Step/startNight(_:)`` went as `outcome` says (rules 2 and 3).
  public mutating func nightStart(_ outcome: StartOutcome) -> Step {
    switch outcome {
    case .started(let night):
      return bowl(.desk(night))
    case .refused:
      mode = .openPlay(starting: nil)
      return .resumeOpenPlay
    }
  }

  /// The night's run ended; `endedBy` is the desk's author when the desk ended it (rule 4).
  public mutating func nightEnded(endedBy author: String?) -> [Step] {
    guard case .night(true) = mode, let author else {
      mode = .over
      return [.finish]
    }
    mode = .openPlay(starting: nil)
    return [.closeNight, .playOpen(newSessionsBy: author)]
  }

  private mutating func bowl(_ night: Night) -> Step {
    if case .desk = night { mode = .night(endsAtDesk: true) } else { mode = .night(endsAtDesk: false) }
    return .bowl(night)
  }
}
