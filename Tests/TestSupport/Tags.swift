import Testing

extension Tag {
  /// Tests that need a kernel GPIO chip (a board or the gpio-sim rig).
  @Tag public static var hardware: Self
}
