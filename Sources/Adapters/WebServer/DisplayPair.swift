import Bowling
import LaneBridge

/// Two displays shown every event in turn: the console board or the log, and the web
/// boards beside it.
public struct DisplayPair: LaneDisplay {
  public var first: any LaneDisplay
  public var second: any LaneDisplay

  public init(_ first: any LaneDisplay, _ second: any LaneDisplay) {
    self.first = first
    self.second = second
  }

  public mutating func show(_ event: LaneEvent, in session: LaneSession) throws {
    try first.show(event, in: session)
    try second.show(event, in: session)
  }
}
