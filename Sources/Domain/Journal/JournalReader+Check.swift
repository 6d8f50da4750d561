import Bowling
import League

/// `lane journal check`: every record read, what is intact said, changing nothing.
extension JournalReader {
  /// What a check found.
  public struct Check: Hashable, Sendable {
    /// The header, or `nil` for a journal of version 1, which has none.
    public var header: JournalHeader?
    /// How many records are intact, and the first and last sequence numbers among them.
    public var intact = 0
    public var sequences: ClosedRange<Int>?
    /// Records that are not intact, in file order; the last may be a torn tail.
    public var damaged: [Damage] = []
    /// The damaged record at the end that opening the journal would set aside as torn.
    public var tornTail: Damage?
    /// Sequence numbers that skip or repeat among the intact records.
    public var numberingProblems: [String] = []
    /// Why the intact records do not make a session (or, in a night's journal, the night),
    /// if they do not.
    public var sessionProblem: String?
    /// What a league night's journal (format 3) holds; `nil` for a lane's journal.
    public var night: Night?

    /// What the intact records of a night's journal hold, counted record by record.
    public struct Night: Hashable, Sendable {
      /// The league's name and the two teams', from the night's start (empty without one).
      public var league = ""
      public var teams: [String] = []
      /// Delivery records on each lane of the pair.
      public var deliveries: [PairSide: Int] = [:]
      /// Correction and undo records.
      public var corrections = 0
      public var undos = 0
    }

    /// Whether a lane would open the journal (a torn tail is set aside on opening).
    public var isUsable: Bool {
      let damageBeforeTail = damaged.contains { damage in
        tornTail.map { damage.offset < $0.offset } ?? true
      }
      return !damageBeforeTail && numberingProblems.isEmpty && sessionProblem == nil
    }
  }


  /// Reads every record and says what is intact and what is not, changing nothing.
  public func check() throws(JournalError) -> Check {
    var check = Check(header: header)
    var previous: Int?
    var fold = Fold(holdsNight: header?.holdsNight ?? false)
    if fold.holdsNight { check.night = Check.Night() }
    var seen: Set<Int> = Set(header?.missing ?? [])
    var lineNumber = 0
    var lastGoodRecord = 0
    var contentDamage: Set<Int> = []
    try forEachLine { line throws(JournalError) in
      lineNumber += 1
      switch line {
      case .good(let entry, _, _):
        lastGoodRecord = lineNumber
        check.intact += 1
        let first = check.sequences?.lowerBound ?? entry.sequence
        check.sequences = min(first, entry.sequence)...max(check.sequences?.upperBound ?? entry.sequence, entry.sequence)
        if let previous, entry.sequence <= previous {
          check.numberingProblems.append("record \(entry.sequence) follows record \(previous)")
        } else if let previous, entry.sequence != previous + 1,
          !((previous + 1)..<entry.sequence).allSatisfy(seen.contains)
        {
          check.numberingProblems.append(
            "records \(previous + 1) to \(entry.sequence - 1) are missing")
        }
        seen.insert(entry.sequence)
        previous = max(previous ?? entry.sequence, entry.sequence)
        check.night?.count(entry)
        guard check.sessionProblem == nil else { return }
        do throws(JournalError) {
          try fold.apply(entry, isFirst: check.intact == 1)
        } catch {
          check.sessionProblem = "\(error)"
        }
      case .bad(let record, let offset, let length, let reason, let isContent):
        if isContent { contentDamage.insert(record) }
        check.damaged.append(Damage(record: record, offset: offset, length: length, reason: reason))
      }
    }
    // A torn tail: the bad lines after the last good record, if a cut write explains them.
    let after = check.damaged.filter { $0.record > lastGoodRecord }
    if let first = after.first, !after.contains(where: { contentDamage.contains($0.record) }),
      JournalScan.notTorn(try bytes(from: first.offset)[...]) == nil
    {
      check.tornTail = Damage(
        record: first.record, offset: first.offset, length: try size() - first.offset,
        reason: first.reason)
    }
    return check
  }

  /// The session, or the night, that a check folds the intact records into.
  private struct Fold {
    let holdsNight: Bool
    var session: LaneSession?
    var night: LeaguePlay?

    init(holdsNight: Bool) { self.holdsNight = holdsNight }

    /// Applies the next intact record, checking it is of the journal's kind.
    mutating func apply(_ entry: JournalEntry, isFirst: Bool) throws(JournalError) {
      if let problem = JournalScan.kindProblem(of: entry, isFirst: isFirst, holdsNight: holdsNight) {
        throw .inconsistent(sequence: entry.sequence, reason: problem)
      }
      if holdsNight {
        if night == nil { night = try LeaguePlay(journal: [entry]) } else { try night?.apply(entry) }
      } else {
        if session == nil { session = try LaneSession(journal: [entry]) } else { try session?.apply(entry) }
      }
    }
  }
}

extension JournalReader.Check.Night {
  /// Counts one intact record of a night's journal.
  mutating func count(_ entry: JournalEntry) {
    guard case .night(let event) = entry.event else { return }
    switch event {
    case .started(let night):
      league = night.settings.name
      teams = night.teams.map(\.name)
    case .delivered(_, let lane): deliveries[lane, default: 0] += 1
    case .corrected: corrections += 1
    case .undone: undos += 1
    }
  }
}
