/// A lane's session: bowlers who bowl in turn, a frame each, games following one another,
/// and the operator's corrections.
///
/// The session is a pure fold: each delivery and correction is applied in order, and the
/// games are recomputed from the deliveries that count. Bowler 1 bowls frame 1, then bowler 2
/// frame 1, and so on; once every bowler has finished a game, the next delivery starts the
/// next game for bowler 1. With one bowler it scores exactly as a ``GameSeries`` does.
///
/// A lane's session lasts a season, so the fold keeps whole only each bowler's latest
/// ``wholeGames`` games: once every bowler has started one more, the oldest of each
/// bowler's games is summarised (``GameSeries/earlier``, its score and statistics), its
/// deliveries leave ``deliveries``, and the undo steps that would reach back into it are
/// dropped. An undo, a dead ball or a pin correction therefore reaches back at least to the
/// first ball of each bowler's ninth game before the current one, never into a summarised
/// game. The work per delivery and the memory stay the same however long the session runs.
public struct LaneSession: Hashable, Sendable {
  /// Where a recorded ball landed: whose it is, which game (from 1), frame and ball.
  public struct Recorded: Hashable, Sendable {
    /// The bowler's index in ``LaneSession/bowlers``.
    public let bowler: Int
    public let game: Int
    public let position: BallPosition

    public init(bowler: Int, game: Int, position: BallPosition) {
      self.bowler = bowler
      self.game = game
      self.position = position
    }

    /// The ball's place in its bowler's series of games.
    public var inSeries: GameSeries.Recorded { GameSeries.Recorded(game: game, position: position) }
  }

  /// The bowlers' names in the order they bowl. Never empty.
  public let bowlers: [String]
  /// The deliveries that count in the games kept whole, in the order they were bowled
  /// (those of summarised games are not kept: see ``summarisedDeliveries``).
  public private(set) var deliveries: [Throw] = []
  /// How many deliveries that count are in summarised games, before ``deliveries``.
  public internal(set) var summarisedDeliveries = 0
  /// Where each delivery in ``deliveries`` was recorded.
  public private(set) var recorded: [Recorded] = []
  /// Each bowler's games, in the order of ``bowlers``.
  public internal(set) var series: [GameSeries]
  /// How many of each bowler's latest games are kept whole, the current one included.
  public static let wholeGames = 10

  /// How to take back each change that can still be undone, latest last.
  var undoable: [UndoStep] = []

  /// How to take one change back. Every change touches only the end of ``deliveries``, so
  /// it is enough to know how many there were before it and what the last one was.
  struct UndoStep: Hashable, Sendable {
    /// How many deliveries counted before the change, summarised ones included.
    var count: Int
    /// The last delivery before the change, when the change replaced or removed it; `nil`
    /// when the change only appended one.
    var last: Throw?
  }

  /// A session with no ball bowled yet.
  ///
  /// - Parameter bowlers: The names in bowling order; an empty list means one unnamed bowler.
  public init(bowlers: [String]) {
    self.bowlers = bowlers.isEmpty ? [""] : bowlers
    self.series = Array(repeating: GameSeries(), count: self.bowlers.count)
  }

  /// The index of the bowler who bowls next.
  ///
  /// The bowler with a frame in progress, if any; otherwise the first in order among those
  /// who have finished the fewest frames.
  public var currentBowler: Int { Self.bowlerUp(in: series) }

  /// The pins set for the next ball: the current bowler's rack.
  public var standing: Rack { series[currentBowler].standing }

  /// Whether any delivery or correction is left to take back.
  public var canUndo: Bool { !undoable.isEmpty }

  /// How many deliveries count in the whole session, summarised games included.
  public var deliveryCount: Int { summarisedDeliveries + deliveries.count }

  /// Records the next delivery for the bowler who is up.
  ///
  /// - Throws: ``SessionError/impossible(_:bowler:)`` when the ball cannot have happened;
  ///   the session is unchanged.
  @discardableResult
  public mutating func record(_ delivery: Throw) throws(SessionError) -> Recorded {
    let bowler = currentBowler
    let place: GameSeries.Recorded
    do {
      // In place: copying the series out and back would copy every game bowled.
      place = try series[bowler].record(delivery)
    } catch {
      throw .impossible(error, bowler: bowlers[bowler])
    }
    undoable.append(UndoStep(count: deliveryCount, last: nil))
    deliveries.append(delivery)
    let landed = Recorded(bowler: bowler, game: place.game, position: place.position)
    recorded.append(landed)
    summariseClosedRound()
    return landed
  }

  /// Checks that the bowler who is up could bowl `delivery`, changing nothing.
  ///
  /// - Throws: ``SessionError/impossible(_:bowler:)`` when the ball cannot have happened.
  public func check(_ delivery: Throw) throws(SessionError) {
    let bowler = currentBowler
    let current = series[bowler].current
    do {
      try (current.isComplete ? Game() : current).check(delivery)
    } catch {
      throw .impossible(error, bowler: bowlers[bowler])
    }
  }

  /// Applies an operator's correction, rebuilding only the game of the delivery it changes.
  ///
  /// Every correction touches only the end of ``deliveries``: it takes back the last
  /// delivery, records it again changed, or records one it had taken back, so its cost does
  /// not grow with the session's history.
  /// - Throws: ``SessionError`` when there is nothing to correct, or when the games would
  ///   become impossible; the session is unchanged.
  public mutating func correct(_ correction: Correction) throws(SessionError) {
    defer { summariseClosedRound() }
    switch correction {
    case .undo:
      guard let step = undoable.last else { throw .nothingToUndo }
      // The step being undone is the latest change: it appended, replaced or removed the
      // last delivery, so the count differs by at most one.
      if deliveryCount > step.count - (step.last == nil ? 0 : 1) { removeLastDelivery() }
      if let last = step.last { recordAgain(last) }
      undoable.removeLast()
    case .deadBall:
      guard let last = deliveries.last else { throw .noDelivery(correction) }
      removeLastDelivery()
      undoable.append(UndoStep(count: deliveryCount + 1, last: last))
    case .setPins(let pins):
      guard let last = deliveries.last else { throw .noDelivery(correction) }
      try replaceLast(last, with: Throw(.pins(pins), isFoul: last.isFoul))
    case .foul(let isFoul):
      guard let last = deliveries.last else { throw .noDelivery(correction) }
      guard last.isFoul != isFoul else { throw .foulAlreadySet(isFoul) }
      try replaceLast(last, with: Throw(last.pinfall, isFoul: isFoul))
    }
  }

  /// Replaces the last delivery, `last`, with `changed`; unchanged when that is impossible.
  private mutating func replaceLast(_ last: Throw, with changed: Throw) throws(SessionError) {
    removeLastDelivery()
    do {
      try recordDelivery(changed)
    } catch {
      recordAgain(last)
      throw error
    }
    undoable.append(UndoStep(count: deliveryCount, last: last))
  }

  /// Records again a delivery that was recorded at this point before.
  private mutating func recordAgain(_ delivery: Throw) {
    do {
      try recordDelivery(delivery)
    } catch {
      preconditionFailure("a delivery recorded at this point before is recorded again")
    }
  }

  /// Takes back the last delivery from its bowler's game, leaving the undo steps alone.
  private mutating func removeLastDelivery() {
    guard let place = recorded.popLast() else { return }
    deliveries.removeLast()
    series[place.bowler].removeLast()
  }

  /// Records a delivery for the bowler who is up, leaving the undo steps alone.
  private mutating func recordDelivery(_ delivery: Throw) throws(SessionError) {
    let bowler = currentBowler
    let place: GameSeries.Recorded
    do {
      place = try series[bowler].record(delivery)
    } catch {
      throw .impossible(error, bowler: bowlers[bowler])
    }
    deliveries.append(delivery)
    recorded.append(Recorded(bowler: bowler, game: place.game, position: place.position))
  }

  /// Summarises every bowler's oldest game once every bowler has started one more game than
  /// ``wholeGames`` (see the type's summary); does nothing otherwise.
  ///
  /// Every bowler finishes a game before anyone starts the next, so the oldest games'
  /// deliveries are the first of ``deliveries``; a session where they are not is left whole.
  mutating func summariseClosedRound() {
    guard series.allSatisfy({ $0.games.count > Self.wholeGames }) else { return }
    let oldest = series[0].earlier.count + 1
    let count = recorded.prefix { $0.game == oldest }.count
    guard series.allSatisfy({ $0.earlier.count + 1 == oldest && $0.games[0].isComplete }),
      count == series.reduce(0, { $0 + $1.games[0].deliveries.count })
    else { return }
    for index in series.indices { series[index].summariseOldest() }
    deliveries.removeFirst(count)
    recorded.removeFirst(count)
    summarisedDeliveries += count
    // An undo step restores the deliveries to its count (less one when it brings one
    // back): those that would reach into a summarised game go, with every step before.
    if let reaching = undoable.lastIndex(where: { $0.count - ($0.last == nil ? 0 : 1) < summarisedDeliveries }) {
      undoable.removeFirst(reaching + 1)
    }
  }

  /// The bowler with a frame in progress, else the first with the fewest finished frames.
  ///
  /// Constant time per bowler: every game but a bowler's last is finished, ten frames each.
  private static func bowlerUp(in series: [GameSeries]) -> Int {
    if let inFrame = series.firstIndex(where: { $0.current.frames.last?.isComplete == false }) {
      return inFrame
    }
    let finished = series.map { bowler in
      (bowler.gameCount - 1) * 10 + bowler.current.frames.count { $0.isComplete }
    }
    let fewest = finished.min() ?? 0
    return finished.firstIndex(of: fewest) ?? 0
  }
}
