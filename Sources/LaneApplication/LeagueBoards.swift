import LaneBridge
import League
import WebServer

/// A league night's web boards: `/league/left`, `/league/right` (the overhead board of each
/// lane of the pair), `/league` (its JSON) and `/league/events` (its boards as they change),
/// and the desk at `/`.
public enum LeagueBoards {
  /// Starts serving `board` on `address`, and says where.
  ///
  /// - Returns: The server, to stop, and the hub a ``PairWebDisplay`` publishes to.
  /// - Throws: ``LaneFailure`` 69 when the address cannot be bound.
  public static func serve(
    _ board: LeagueBoard, on address: HTTPAddress, report: (String) -> Void
  ) throws(LaneFailure) -> (server: RunningBoardServer, hub: LeagueHub) {
    let hub = LeagueHub(board)
    let server: RunningBoardServer
    do {
      server = try RunningBoardServer.start(BoardServer(hub: BoardHub(), address: address, league: hub))
    } catch {
      throw LaneFailure(.unavailable, "\(error)")
    }
    let url = server.url
    report("serving the league boards on \(url)/league/left and \(url)/league/right (JSON: \(url)/league)")
    return (server, hub)
  }
}
