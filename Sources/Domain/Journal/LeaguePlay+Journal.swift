import League

extension LeaguePlay {
  /// A night rebuilt from a night's journal entries, the first of which starts it.
  ///
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when the entries do not make
  ///   a night: no night start (a lane's session, say), a night that cannot be played, a
  ///   second start, a lane's record, or an entry the night refuses.
  public init(journal entries: [JournalEntry]) throws(JournalError) {
    guard let first = entries.first, case .night(.started(let night)) = first.event else {
      let reason =
        if case .started = entries.first?.event {
          "the journal holds a lane's session, not a league night; a night's journal starts"
            + " with the night (format 3)"
        } else {
          "the journal does not start a league night"
        }
      throw .inconsistent(sequence: entries.first?.sequence ?? 1, reason: reason)
    }
    if let problem = night.problems.first {
      throw .inconsistent(sequence: first.sequence, reason: "the night cannot be played: \(problem)")
    }
    self.init(night: night)
    for entry in entries.dropFirst() { try apply(entry) }
  }

  /// Applies one entry of a night's journal: a delivery on its lane, a correction or an undo.
  ///
  /// - Throws: ``JournalError/inconsistent(sequence:reason:)`` when the night refuses it, or
  ///   it is a second start or a lane's record.
  public mutating func apply(_ entry: JournalEntry) throws(JournalError) {
    guard case .night(let event) = entry.event else {
      throw .inconsistent(
        sequence: entry.sequence,
        reason: "a lane's record in a league night's journal; a night's deliveries name their lane")
    }
    if case .started = event {
      throw .inconsistent(sequence: entry.sequence, reason: "a second night start in the same journal")
    }
    do throws(LeagueError) {
      switch event {
      case .started: break  // refused above
      case .delivered(let delivery, let lane): try deliver(delivery.throw, on: lane)
      case .corrected(let correction, _): try correct(correction)
      case .undone: try undo()
      }
    } catch {
      throw .inconsistent(sequence: entry.sequence, reason: "the night refuses it: \(error)")
    }
  }
}
