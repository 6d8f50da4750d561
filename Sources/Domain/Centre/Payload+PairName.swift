extension Payload.Pair {
  /// The pair as its boards, sheets and its night journal's header name it: `lane7+lane8`,
  /// the left lane first.
  public var name: String { "\(left.rawValue)+\(right.rawValue)" }

  /// Both lanes, left then right: each publishes the whole night under its own id.
  public var lanes: [LaneID] { [left, right] }

  /// Reads a pair's ``name``: two different lane ids joined by `+`, the left lane first.
  ///
  /// - Returns: `nil` when `name` is not that.
  public init?(name: String) {
    let parts = name.split(separator: "+", omittingEmptySubsequences: false)
    guard parts.count == 2, let left = try? LaneID(String(parts[0])), let right = try? LaneID(String(parts[1])),
      left != right
    else { return nil }
    self.init(left: left, right: right)
  }
}
