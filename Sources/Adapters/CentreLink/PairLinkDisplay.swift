import Centre
import LaneBridge
import League

/// The centre link of a pair bowling a league night, as one of the pair's displays: each
/// event goes to the pair's own display first, then to both lanes' ``LaneLink``s, since
/// both publish the whole night (``Payload/Pair``). Each lane's board names every bowler of
/// both teams; a warning, and a delivery for the health monitor, go to the link of the lane
/// they are about. Handing over never waits for the broker.
public struct PairLinkDisplay<Local: PairDisplay>: PairDisplay {
  public var local: Local
  /// The left lane's link's inputs, then the right's.
  public let links: (left: AsyncStream<LaneLink.Input>.Continuation, right: AsyncStream<LaneLink.Input>.Continuation)

  public init(
    local: Local,
    links: (left: AsyncStream<LaneLink.Input>.Continuation, right: AsyncStream<LaneLink.Input>.Continuation)
  ) {
    self.local = local
    self.links = links
  }

  public mutating func show(_ event: PairEvent, in play: LeaguePlay) throws {
    try local.show(event, in: play)
    let both = [links.left, links.right]
    func link(_ lane: PairSide) -> AsyncStream<LaneLink.Input>.Continuation { lane == .left ? links.left : links.right }
    for link in both { link.yield(.recorded(event.sequence)) }
    if case .delivered(let lane, _, let detected) = event.kind { link(lane).yield(.delivered(detected)) }
    switch event.kind {
    case .delivered, .corrected, .status(.running):
      let games = LeagueBoard(play).linkGames
      for link in both { link.yield(.board(games, seq: event.sequence)) }
    case .warning(let lane, let warning):
      link(lane).yield(.fault("\(warning)"))
    default:
      break
    }
  }
}
