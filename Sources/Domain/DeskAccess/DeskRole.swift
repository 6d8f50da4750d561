/// What a signed-in desk user may do: a clerk runs the lanes, a manager also the leagues,
/// the records and the users.
public enum DeskRole: String, CaseIterable, Codable, Sendable {
  case clerk
  case manager

  /// What the desk guards, by the part of the centre it touches.
  public enum Permission: String, CaseIterable, Sendable {
    /// Open and end a lane's session (start-session, end-session).
    case sessions
    /// Correct a score: the last throw's pins, foul, dead ball, undo, and a league night's
    /// corrections (move, provisional, late start, blind).
    case corrections
    /// Acknowledge a lane's fault.
    case faults
    /// Start a league night on a pair.
    case leagues
    /// Read the centre's records (`/records`).
    case records
    /// Add and change desk users.
    case users
  }

  /// Whether this role may do what `permission` guards.
  public func may(_ permission: Permission) -> Bool {
    switch (self, permission) {
    case (.manager, _): true
    case (.clerk, .sessions), (.clerk, .corrections), (.clerk, .faults): true
    case (.clerk, .leagues), (.clerk, .records), (.clerk, .users): false
    }
  }
}
