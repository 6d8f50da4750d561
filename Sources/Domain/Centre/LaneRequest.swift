/// What a desk command asks of the lane's loop: a correction of the last throw, or ending or
/// starting a session; the translation of a validated ``Payload/Command``, pure protocol.
///
/// The lane's shell hands it to the lane loop the control socket's way (`LaneBridge`'s
/// `RemoteRequest`), and the loop journals it with ``author(of:)`` as the record's
/// author, so a repeated request id is answered from the journal.
public enum LaneRequest: Hashable, Sendable {
  /// How to correct the last throw, as `lane correct` does.
  public enum Correction: Hashable, Sendable {
    /// The pins knocked down, each 1-10 and distinct.
    case pins([Int])
    case foul(Bool)
    case deadBall
    case undo
  }

  /// How the lane loop ended a request.
  public enum Outcome: Hashable, Sendable {
    /// Journalled as record `sequence` (a session's: the next session's start); `change`
    /// says what it did.
    case done(sequence: Int, change: String)
    /// The lane refused it (nothing was journalled).
    case refused(String)
  }

  case correct(Correction)
  case startSession(bowlers: [String])
  case endSession
  /// A correction of the league night a pair bowls, as its console takes it, and why.
  case league(command: String, why: String)
  /// A league night to start on the pair the lane is one of: a night file's text.
  case startLeague(night: String)

  /// What `command` asks of the lane loop; `nil` for a `resend` (the link's own business)
  /// and for a command that does not say enough (a correction without its kind, pins out
  /// of 1-10, a start without bowlers).
  public init?(_ command: Payload.Command) {
    switch command.action {
    case .correct:
      switch command.correction {
      case .pins?:
        guard let pins = command.pins, pins.allSatisfy((1...10).contains) else { return nil }
        self = .correct(.pins(pins))
      case .foul?: self = .correct(.foul(true))
      case .noFoul?: self = .correct(.foul(false))
      case .deadBall?: self = .correct(.deadBall)
      case .undo?: self = .correct(.undo)
      case nil: return nil
      }
    case .endSession: self = .endSession
    case .startSession:
      guard let bowlers = command.bowlers else { return nil }
      self = .startSession(bowlers: bowlers)
    case .league:
      guard let text = command.command, let why = command.why else { return nil }
      self = .league(command: text, why: why)
    case .startLeague:
      guard let night = command.night else { return nil }
      self = .startLeague(night: night)
    case .resend: return nil
    }
  }

  /// Who a desk request's record is from, in the journal: `desk/USER/ID` for one a desk
  /// user sent from the signed-in page, `desk/ID` for one from `lane desk send`. The id
  /// is in it so that a repeated request is found in the journal and answered from there.
  public static func author(of command: Payload.Command) -> String {
    "desk/" + (command.user.map { $0 + "/" } ?? "") + command.id
  }

  /// The lane's reply to request `id` (a `correct` when `correcting`) that ended in `outcome`.
  public static func reply(to id: String, correcting: Bool, _ outcome: Outcome) -> Payload.Reply {
    switch outcome {
    case .done(let sequence, let change) where correcting:
      Payload.Reply(id: id, ok: true, message: "corrected (record \(sequence)): \(change)")
    case .done(_, let change): Payload.Reply(id: id, ok: true, message: change)
    case .refused(let why): Payload.Reply(id: id, ok: false, message: "refused: \(why)")
    }
  }
}
