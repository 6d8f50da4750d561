import Foundation
import LaneBridge
import Logging
import POSIX
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Where `lane`'s log records go: standard error, one line each, as console text for a
/// technician or as JSON for journald (`--log-format json`).
///
/// The text keeps the style `lane` has always had: the command's name, then the lane (on a
/// pair, where two lanes share one stream), the part of the program (`centre link`), a
/// warning's `warning: `, and the message: `lane run: lane7: centre link: the desk …`. A
/// lane's own event lines (a detector's warning, shown by its display) are printed as the
/// display wrote them, without the command's name.
///
/// JSON is one object a line: `time`, `level`, `command`, `label`, `message` and the
/// record's metadata (`lane`, `session`, `part`…), for `journalctl -o json` and log
/// shippers.
public struct LaneLogHandler: LogHandler {
  /// How records are written.
  public enum Format: String, Sendable, CaseIterable {
    case text
    case json
  }

  /// The label of the logger a lane's displays write their event lines to.
  public static let eventLinesLabel = "lane.events"

  public var metadata: Logger.Metadata = [:]
  public var metadataProvider: Logger.MetadataProvider?
  public var logLevel: Logger.Level = .info

  private let label: String
  private let settings: Settings

  /// What every handler of the process shares: the format and the command's name.
  public struct Settings: Sendable {
    public var format: Format
    /// `lane run`, `lane desk`…: the start of every text line.
    public var command: String
    /// Where the lines go; standard error unless a test says otherwise.
    public var write: @Sendable (String) -> Void

    public init(
      format: Format, command: String,
      write: @escaping @Sendable (String) -> Void = LaneLogHandler.standardError
    ) {
      self.format = format
      self.command = command
      self.write = write
    }
  }

  public init(label: String, settings: Settings) {
    self.label = label
    self.settings = settings
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var merged = metadata
    if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
    if let given = event.metadata { merged.merge(given) { $1 } }
    let line =
      switch settings.format {
      case .text: text(event, merged)
      case .json: Self.json(event, merged, label: label, command: settings.command)
      }
    settings.write(line + "\n")
  }

  /// The record as console text (see the type's summary).
  func text(_ event: LogEvent, _ metadata: Logger.Metadata) -> String {
    let lane = metadata[LogKey.pair] == nil ? "" : metadata[LogKey.lane].map { "\($0): " } ?? ""
    let level = event.level == .warning ? "warning: " : ""
    if label == Self.eventLinesLabel { return lane + level + "\(event.message)" }
    let part = metadata[LogKey.part].map { "\($0): " } ?? ""
    return "\(settings.command): \(lane)\(part)\(level)\(event.message)"
  }

  /// The record as one JSON object, keys in a fixed order.
  static func json(_ event: LogEvent, _ metadata: Logger.Metadata, label: String, command: String) -> String {
    var fields: [(String, String)] = [
      ("time", Self.timestamp(Date())), ("level", event.level.rawValue), ("command", command),
      ("label", label), ("message", event.message.description),
    ]
    for key in metadata.keys.sorted() where !fields.contains(where: { $0.0 == key }) {
      fields.append((key, "\(metadata[key]!)"))
    }
    return "{" + fields.map { "\(quoted($0.0)):\(quoted($0.1))" }.joined(separator: ",") + "}"
  }

  /// `text` as a JSON string.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// UTC to the millisecond: `2026-12-04T19:04:11.123Z`.
  static func timestamp(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    var seconds = time_t(milliseconds / 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let fraction = String(milliseconds % 1000 + 1000).dropFirst()
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
  }

  /// Writes `line` to standard error in one `write`, so lines from several threads never
  /// interleave; a failure is ignored, as there is nowhere left to report it.
  @Sendable public static func standardError(_ line: String) {
    var text = line
    text.withUTF8 { bytes in
      try? FileDescriptor.standardError.write(all: UnsafeRawBufferPointer(bytes))
    }
  }
}
