import LaneBridge

/// A pair's evening as `lane run` and `lane simulate` on a pair's config file play it: open
/// play until the desk starts a league night (``OpenPlayPair`` rule 5), the night until the
/// desk ends it (``DeskNightEnd``), open play again, and so on, until a stop.
///
/// Rules, each with its reason:
/// 1. A night started from the desk and not ended (``DeskNights/current()``) is bowled
///    first: a pair restarted mid-night (a power cut, an update) resumes it, not open play.
/// 2. Only the desk's end of a night makes the pair go back to open play; a night's run that
///    ends otherwise (a stop, a replay's traces ended) ends the evening, the night still
///    current for the next start.
/// 3. After a night the desk ended, each lane opens a new session as the desk's end-session
///    does (``OpenPlayPair/openSessions(by:)``): the desk follows a lane's sessions in the
///    order they start, and would not take the records of the session from before the night
///    again.
/// 4. What each way of playing needs (sensors, journals, links, boards) is opened by it and
///    closed before the next begins: the lanes' broker users publish one journal at a time.
public enum PairEvening {
  /// Plays the evening.
  ///
  /// - Parameters:
  ///   - nights: Where the desk's nights are kept; `nil` when the pair keeps no journals
  ///     (open play refuses a night then).
  ///   - openPlay: Plays open play until it ends, or until the desk starts a night; given
  ///     who ended the night before it, if the desk did (rule 3).
  ///   - night: Bowls a night until it ends; the desk's end is asked for in the given
  ///     ``DeskNightEnd``.
  ///   - report: Told of each change, one line each.
  /// - Throws: What `openPlay` and `night` throw; ``LaneFailure`` from ``DeskNights``.
  public static func play(
    nights: DeskNights?, isStopped: () -> Bool, openPlay: (_ afterNightEndedBy: String?) throws -> OpenPlayPair.Ending,
    night: (DeskNights.Night, DeskNightEnd) throws -> Void, report: (String) -> Void
  ) throws {
    var endedBy: String?
    while !isStopped() {
      if let nights, let current = try nights.current() {
        let end = DeskNightEnd()
        report("bowling the league night the desk started: \(current.file), journalled in \(current.journal)")
        try night(current, end)
        // The night's loop said who ended it.
        guard let by = end.askedBy else { return }
        try nights.end()
        endedBy = by
        continue
      }
      guard case .leagueNight = try openPlay(endedBy) else { return }
      endedBy = nil
    }
  }
}
