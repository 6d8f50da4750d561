/// A lane's fault (as its status words it) a desk user acknowledged on the desk's page:
/// seen, by whom and when. What `GET /api/faults` lists and the desk's store keeps.
public struct FaultAcknowledgement: Hashable, Sendable, Codable {
  public var lane: String
  public var fault: String
  /// The desk user's name.
  public var by: String
  /// When, ISO 8601 in UTC: `2026-11-27T10:32:05Z`.
  public var at: String

  public init(lane: String, fault: String, by: String, at: String) {
    self.lane = lane
    self.fault = fault
    self.by = by
    self.at = at
  }
}
