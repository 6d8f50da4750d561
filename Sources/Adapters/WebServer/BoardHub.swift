import Synchronization
import WebBoard

/// The boards the web server shows and the pages listening for updates: the one place the
/// lane loop (through ``WebDisplay``) and the server's requests meet.
///
/// Publishing never waits: each page has a bounded buffer of updates, and a page whose
/// buffer is full (a slow or vanished browser) is dropped; its `EventSource` reconnects and
/// is sent the current board, so nothing is missed and the lane is never slowed.
public final class BoardHub: Sendable {
  /// A page listening for updates of one lane, or of every lane (the desk).
  private struct Listener {
    var lane: String?
    var continuation: AsyncStream<BoardUpdate>.Continuation
    /// Whether a public page listens (one no sign-in guards), counted against the limit of
    /// ``listenPublicly(to:lastEventID:limit:)``.
    var isPublic: Bool
  }

  private struct State {
    var boards: [String: LaneBoard] = [:]
    /// Lanes in the order they were first published, for the desk.
    var lanes: [String] = []
    var games: [String: LaneGames] = [:]
    var listeners: [Int: Listener] = [:]
    var nextListener = 0
    var dropped = 0
    var isClosed = false
    /// The `Last-Event-ID` of each page that reconnected, newest last.
    var resumedFrom: [Int] = []
  }

  private let state = Mutex(State())
  /// How many updates a page may have waiting before it is dropped.
  public let bufferLimit: Int

  public init(bufferLimit: Int = 64) {
    self.bufferLimit = bufferLimit
  }

  /// Stores a lane's board (and its finished games, when given) and sends it to its pages.
  public func publish(_ update: BoardUpdate, games: LaneGames? = nil) {
    let lane = update.board.lane
    let dropped = state.withLock { state in
      if state.boards.updateValue(update.board, forKey: lane) == nil { state.lanes.append(lane) }
      if let games { state.games[lane] = games }
      var dropped: [AsyncStream<BoardUpdate>.Continuation] = []
      for (id, listener) in state.listeners where listener.lane == nil || listener.lane == lane {
        switch listener.continuation.yield(update) {
        case .enqueued: continue
        case .dropped, .terminated:
          state.listeners[id] = nil
          state.dropped += 1
          dropped.append(listener.continuation)
        @unknown default:
          continue
        }
      }
      return dropped
    }
    // Finishing a stream calls its termination handler, which takes the lock: outside it.
    for continuation in dropped { continuation.finish() }
  }

  /// A lane's board, or `nil` for a lane never published.
  public func board(_ lane: String) -> LaneBoard? { state.withLock { $0.boards[lane] } }

  /// Every lane's board, in the order the lanes first appeared.
  public var boards: [LaneBoard] {
    state.withLock { state in state.lanes.compactMap { state.boards[$0] } }
  }

  /// A lane's finished games, or `nil` for a lane never published.
  public func games(_ lane: String) -> LaneGames? {
    state.withLock { state in
      guard let board = state.boards[lane] else { return nil }
      return state.games[lane] ?? LaneGames(lane: lane, session: .init(bowlers: []), sequence: board.sequence)
    }
  }

  /// How many pages were dropped because their buffer was full or they went away.
  public var droppedListeners: Int { state.withLock { $0.dropped } }

  /// The `Last-Event-ID` (the sequence a page had shown) of the last pages that
  /// reconnected, newest last, at most 100: what a restarted server's pages came back with.
  public var resumedFrom: [Int] { state.withLock { $0.resumedFrom } }

  /// How many pages are listening now.
  public var listenerCount: Int { state.withLock { $0.listeners.count } }

  /// Starts listening to one lane's updates, or every lane's (`nil`).
  ///
  /// The stream starts with the current board of each lane it covers, so a page that
  /// reconnects is right at once; it ends when the page is dropped or the hub is closed.
  /// - Parameter lastEventID: The `Last-Event-ID` a reconnecting page sent, if any: kept
  ///   in ``resumedFrom``; the page is sent the current board whatever it is.
  public func listen(to lane: String?, lastEventID: Int? = nil) -> AsyncStream<BoardUpdate> {
    // Only a public page is ever refused.
    register(lane, lastEventID: lastEventID, publicLimit: nil) ?? AsyncStream { $0.finish() }
  }

  /// A public page's stream (one no sign-in guards), as ``listen(to:lastEventID:)``'s;
  /// `nil` when `limit` public pages are served.
  public func listenPublicly(to lane: String?, lastEventID: Int? = nil, limit: Int) -> AsyncStream<BoardUpdate>? {
    register(lane, lastEventID: lastEventID, publicLimit: limit)
  }

  private func register(_ lane: String?, lastEventID: Int?, publicLimit: Int?) -> AsyncStream<BoardUpdate>? {
    let (stream, continuation) = AsyncStream.makeStream(
      of: BoardUpdate.self, bufferingPolicy: .bufferingOldest(bufferLimit))
    var refused = false
    let id = state.withLock { state -> Int? in
      if let publicLimit, state.listeners.values.count(where: \.isPublic) >= publicLimit {
        refused = true
        return nil
      }
      guard !state.isClosed else { return nil }
      let id = state.nextListener
      state.nextListener += 1
      if let lastEventID { state.resumedFrom = Array((state.resumedFrom + [lastEventID]).suffix(100)) }
      let current = lane.map { [$0] } ?? state.lanes
      for name in current {
        if let board = state.boards[name] { continuation.yield(BoardUpdate(board: board)) }
      }
      state.listeners[id] = Listener(lane: lane, continuation: continuation, isPublic: publicLimit != nil)
      return id
    }
    if refused { return nil }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.listeners.removeValue(forKey: id) }
    }
    return stream
  }

  /// Takes pages again after ``close()``: for a server started again on the same boards.
  public func reopen() {
    state.withLock { $0.isClosed = false }
  }

  /// Ends every page's stream, and those of pages that come later, for shutting the
  /// server down.
  public func close() {
    let listeners = state.withLock { state in
      state.isClosed = true
      defer { state.listeners = [:] }
      return Array(state.listeners.values)
    }
    for listener in listeners { listener.continuation.finish() }
  }
}
