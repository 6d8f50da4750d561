/// Where a ball falls in a game: its frame (1 to 10) and its ball within that frame (1 to 3).
public struct BallPosition: Hashable, Sendable {
  /// The frame, 1 to 10.
  public let frame: Int
  /// The ball within the frame: 1 or 2, or 3 for the tenth frame's bonus ball.
  public let ball: Int

  public init(frame: Int, ball: Int) {
    self.frame = frame
    self.ball = ball
  }
}

extension BallPosition: CustomStringConvertible {
  /// The position as a lane operator says it: `frame 10, ball 3`.
  public var description: String { "frame \(frame), ball \(ball)" }
}
