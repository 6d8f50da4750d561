/// The metadata keys of `lane`'s log records (swift-log), which its log handler knows: text
/// puts some of them before a message, JSON writes them all.
public enum LogKey {
  /// The lane a record is about (`lane7`).
  public static let lane = "lane"
  /// The pair the lane is one of (`lane7+lane8`): text then names the record's lane, since
  /// both lanes' records share standard error.
  public static let pair = "pair"
  /// The part of the program that logs (`centre link`), before the message in text.
  public static let part = "part"
  /// The session a record is about.
  public static let session = "session"
}
