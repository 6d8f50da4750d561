/// What a name shown on a lane's screens may hold: the one check the journal and the night
/// file share.
public enum NameText {
  /// Whether `text` holds a control character (C0, DEL or C1): a terminal escape in a
  /// name would take over the operator's screen when it is shown.
  public static func hasControlCharacters(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }
}
