import HummingbirdCore
import HummingbirdTLS
import NIOSSL
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// The desk's HTTPS: its certificate chain and private key, PEM files as
/// `deploy/centre/make-certs.sh` or a centre's own CA makes them (`--tls-cert`, `--tls-key`).
///
/// The files are read here, not by BoringSSL: each must be a regular file (a symbolic link is
/// followed, as certbot's are), so a FIFO or a device is refused at once instead of hanging.
public struct DeskTLS: Sendable {
  /// Why the files cannot serve HTTPS.
  public struct Problem: Error, CustomStringConvertible {
    public var description: String
    /// A file that cannot be read (66), rather than one that is not a certificate or key (78).
    public var isUnreadableFile: Bool
  }

  /// The server's TLS, as a server over HTTP/1.1 is made with it.
  let configuration: TLSConfiguration

  /// The largest certificate chain or key read.
  static let maximumSize = 1 << 20

  /// Loads the certificate chain at `certificate` and the key at `key`.
  ///
  /// - Throws: ``Problem`` for a file that cannot be read, is not a regular file, is not PEM
  ///   of its kind, or (the key) may be read by every user.
  public init(certificate: String, key: String) throws(Problem) {
    let chain: [NIOSSLCertificate]
    do {
      chain = try NIOSSLCertificate.fromPEMBytes(try Self.read(certificate, option: "--tls-cert"))
    } catch let problem as Problem {
      throw problem
    } catch {
      throw Problem(description: "--tls-cert '\(certificate)' is not a PEM certificate chain (\(error))", isUnreadableFile: false)
    }
    guard !chain.isEmpty else {
      throw Problem(description: "--tls-cert '\(certificate)' holds no PEM certificate", isUnreadableFile: false)
    }
    let privateKey: NIOSSLPrivateKey
    do {
      privateKey = try NIOSSLPrivateKey(bytes: try Self.read(key, option: "--tls-key", secret: true), format: .pem)
    } catch let problem as Problem {
      throw problem
    } catch {
      throw Problem(description: "--tls-key '\(key)' is not a PEM private key (\(error))", isUnreadableFile: false)
    }
    var configuration = TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
    // TLS 1.0 and 1.1 are broken and retired (RFC 8996): every browser a desk runs speaks 1.2.
    configuration.minimumTLSVersion = .tlsv12
    self.configuration = configuration
    do {
      // Made once here, so a pair that cannot serve is refused before the desk starts.
      _ = try server(over: .http1())
    } catch {
      throw Problem(
        description: "--tls-cert '\(certificate)' and --tls-key '\(key)' do not make a TLS server: \(error)",
        isUnreadableFile: false)
    }
  }

  /// The server over TLS of HTTP/1.1 configured as `http1`.
  func server(over http1: HTTPServerBuilder) throws -> HTTPServerBuilder {
    try .tls(http1, tlsConfiguration: configuration)
  }

  /// The bytes of the regular file at `path`, at most ``maximumSize``.
  ///
  /// - Parameter secret: Whether every user being able to read it is refused.
  private static func read(_ path: String, option: String, secret: Bool = false) throws(Problem) -> [UInt8] {
    func unreadable(_ reason: String) -> Problem {
      Problem(description: "\(option) '\(path)' cannot be read: \(reason)", isUnreadableFile: true)
    }
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .closeOnExec])
    } catch {
      throw unreadable("\(error)")
    }
    defer { try? file.close() }
    var status = stat()
    guard fstat(file.rawValue, &status) == 0 else { throw unreadable(String(cString: strerror(errno))) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw unreadable("it is not a regular file (a FIFO, a device or a folder); give the PEM file itself")
    }
    if secret, status.st_mode & S_IROTH != 0 {
      throw Problem(
        description: "\(option) '\(path)' is readable by every user of this machine; it is the desk's private key:"
          + " chmod 600 '\(path)'",
        isUnreadableFile: false)
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count: Int
      do {
        // FileDescriptor's read retries EINTR.
        count = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
      } catch {
        throw unreadable("\(error)")
      }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
      guard bytes.count <= maximumSize else { throw unreadable("it is larger than \(maximumSize) bytes") }
    }
  }
}
