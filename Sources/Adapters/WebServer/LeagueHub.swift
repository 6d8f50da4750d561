import Foundation
import League
import Synchronization

/// A league night's board as the web server shows it, and the pages listening for its
/// updates: where a pair's loop (through ``PairWebDisplay``) and the server's requests meet.
///
/// A page needs only the latest board, so each page's stream keeps the newest one waiting:
/// publishing never waits and never drops a page, and a slow page skips to the latest board.
public final class LeagueHub: Sendable {
  private struct State {
    var board: LeagueBoard
    /// One more with each board published: the event's id.
    var version = 1
    var listeners: [Int: AsyncStream<(Int, LeagueBoard)>.Continuation] = [:]
    var nextListener = 0
  }

  private let state: Mutex<State>

  /// - Parameter board: The night's board to start with.
  public init(_ board: LeagueBoard) {
    state = Mutex(State(board: board))
  }

  /// The latest board.
  public var board: LeagueBoard { state.withLock { $0.board } }

  /// Stores the night's board and sends it to every page.
  public func publish(_ board: LeagueBoard) {
    state.withLock { state in
      state.board = board
      state.version += 1
      for listener in state.listeners.values { listener.yield((state.version, board)) }
    }
  }

  /// The boards from now on, the current one first, each with its version.
  public func listen() -> AsyncStream<(Int, LeagueBoard)> {
    let (stream, continuation) = AsyncStream.makeStream(of: (Int, LeagueBoard).self, bufferingPolicy: .bufferingNewest(1))
    state.withLock { state in
      let id = state.nextListener
      state.nextListener += 1
      state.listeners[id] = continuation
      continuation.yield((state.version, state.board))
      continuation.onTermination = { [weak self] _ in
        _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
      }
    }
    return stream
  }

  /// Ends every page's stream (the server is stopping).
  public func close() {
    let listeners = state.withLock { state in
      defer { state.listeners = [:] }
      return Array(state.listeners.values)
    }
    for listener in listeners { listener.finish() }
  }
}
