import WebServer

extension DeskTLS {
  /// The desk page's HTTPS from `--tls-cert` and `--tls-key`, or the failure `lane desk`
  /// exits with.
  ///
  /// - Throws: ``DeskTLS/Problem``: a file that cannot be read, one that is not PEM of its
  ///   kind or a key every user may read.
  public static func loading(certificate: String, key: String) throws(Problem) -> DeskTLS {
    try DeskTLS(certificate: certificate, key: key)
  }
}
