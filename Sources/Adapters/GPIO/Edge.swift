/// Which changes of a line's logical value produce edge events.
public enum Edge: Hashable, Sendable, CaseIterable {
  /// Inactive to active.
  case rising
  /// Active to inactive.
  case falling
  /// Both directions.
  case both
}
