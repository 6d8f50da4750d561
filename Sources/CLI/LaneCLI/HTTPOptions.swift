import ArgumentParser
import Centre
import LaneBridge
import LaneConfiguration
import LaneOptions
import WebServer

/// The web boards, as `lane run` and `lane simulate` take them (docs/display.md).
public struct HTTPOptions: ParsableArguments {
  public init() {}

  @Option(help: """
    Serve the overhead board, the desk and the finished games (lane simulate --league: \
    the night's boards) to browsers on this address: HOST:PORT, or PORT for \
    127.0.0.1:PORT (e.g. 127.0.0.1:8080; port 0 picks a free one).
    """)
  public var http: String?

  @Flag(help: "Let --http bind an address beyond loopback (the pages need no login).")
  public var httpPublic = false

  /// `--lane-name`, the web boards' own lane name before `--lane` named the lane everywhere:
  /// kept one release as a deprecated alias of `--lane`.
  @Option(name: .customLong("lane-name"), help: .hidden)
  public var deprecatedLaneName: String?

  /// The file's `http` and `http_public` where the command line gave no `--http`: the
  /// address and whether it may be public go together, so `--http` on the command line
  /// takes no `http_public` from the file.
  public mutating func fill(from file: LaneConfig) {
    guard http == nil else { return }
    http = file.http
    httpPublic = file.httpPublic
  }

  /// The address to serve on, or `nil` without `--http`.
  public func address() throws -> HTTPAddress? {
    try http.map { http throws(ValidationError) in try HTTPAddress.option(http, allowPublic: httpPublic) }
  }

  public func validate() throws {
    _ = try address()
    try validated(try OptionValues.checkHTTPPublic(http: http, httpPublic: httpPublic))
    if let name = deprecatedLaneName {
      try validated(try OptionValues.deprecatedLaneName(name))
    }
  }
}

extension HTTPAddress {
  /// `--http`'s value as an address, or the usage error (64) saying what is wrong with it.
  public static func option(_ text: String, allowPublic: Bool) throws(ValidationError) -> HTTPAddress {
    do {
      return try HTTPAddress(parsing: text, allowPublic: allowPublic)
    } catch {
      throw ValidationError(error.description)
    }
  }
}
