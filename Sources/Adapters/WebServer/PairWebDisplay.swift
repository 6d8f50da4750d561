import LaneBridge
import League

/// A pair's league night on the web boards: the night's board published to the
/// ``LeagueHub`` the server reads after each delivery, correction and change of status.
public struct PairWebDisplay: PairDisplay {
  public let hub: LeagueHub

  public init(hub: LeagueHub) {
    self.hub = hub
  }

  public func show(_ event: PairEvent, in play: LeaguePlay) {
    switch event.kind {
    case .delivered, .corrected, .status: hub.publish(LeagueBoard(play))
    case .afterTheNight, .warning, .notice: break
    }
  }
}

/// Two pair displays shown every event in turn: the log and the boards.
public struct PairDisplays<First: PairDisplay, Second: PairDisplay>: PairDisplay {
  public var first: First
  public var second: Second

  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  public mutating func show(_ event: PairEvent, in play: LeaguePlay) throws {
    try first.show(event, in: play)
    try second.show(event, in: play)
  }
}
