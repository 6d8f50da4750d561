import Centre

extension DeskRole.Permission {
  /// What a lane command from the desk's page or API needs: sessions for starting and
  /// ending one and for starting a league night on a pair (the clerk's work on a league
  /// night; the night file is the league's, which a manager keeps), corrections for a
  /// correction or a league night's; `nil` for a resend,
  /// which is the desk's own business and never a user's.
  public init?(for command: Payload.Command) {
    switch command.action {
    case .startSession, .endSession, .startLeague: self = .sessions
    case .correct, .league: self = .corrections
    case .resend: return nil
    }
  }
}
