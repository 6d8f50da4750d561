/// The LaneBridge release this build is, as the lane's retained status reports it.
public enum SoftwareVersion {
  /// The version string: `MAJOR.MINOR.PATCH`, with `-dev` until the release is tagged.
  public static let current = "0.1.0-dev"
}
