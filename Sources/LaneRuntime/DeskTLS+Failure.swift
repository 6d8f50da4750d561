import LaneBridge
import WebServer

extension DeskTLS {
  /// The desk page's HTTPS from `--tls-cert` and `--tls-key`, or the failure `lane desk`
  /// exits with.
  ///
  /// - Throws: ``LaneFailure``: 66 for a file that cannot be read, 78 for one that is not PEM
  ///   of its kind or a key every user may read.
  public static func loading(certificate: String, key: String) throws(LaneFailure) -> DeskTLS {
    do {
      return try DeskTLS(certificate: certificate, key: key)
    } catch {
      throw LaneFailure(error.isUnreadableFile ? .noInput : .badConfiguration, "\(error)")
    }
  }
}
