import Bowling
import Foundation
import Testing

/// A trace shipped under `Hardware/traces/`, with the throws and totals its hand-written
/// `.expected` file says its story implies.
public struct BundledTrace: CustomTestStringConvertible, Sendable {
  /// `Hardware/traces/` in this package.
  public static let directory: URL = PackageFolder.url("Hardware/traces")

  /// Every bundled trace that has an `.expected` file; the last is held out, never used
  /// while tuning the detector.
  public static let all = [
    "string-pinsetter-game", "respot-only-game", "freefall-fouls-and-sweeps",
    "two-games-held-out",
  ].map(BundledTrace.init)

  /// The trace's name, without `.trace`.
  public let name: String
  public var testDescription: String { name }

  public init(name: String) { self.name = name }

  /// The path of the `.trace` file.
  public var path: String { Self.directory.appendingPathComponent("\(name).trace").path }

  /// Writes ``keptOpen(_:)`` of this trace into `folder`; its path.
  ///
  /// - Throws: The error of reading the trace or writing the copy.
  public func keptOpen(in folder: String) throws -> String {
    let copy = folder + "/\(name)-kept-open.trace"
    try Self.keptOpen(String(contentsOfFile: path, encoding: .utf8)).write(toFile: copy, atomically: false, encoding: .utf8)
    return copy
  }

  /// `trace` with an hour of a standing rack after its last event: a paced replay of it
  /// stays open to requests and corrections after its deliveries until it is stopped,
  /// however late a test on a loaded machine gets to send them.
  public static func keptOpen(_ trace: String) -> String {
    let last = trace.split(separator: "\n").last { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
    let time = last.flatMap { Double($0.split(separator: " ").first ?? "") } ?? 0
    return trace + (trace.hasSuffix("\n") ? "" : "\n") + "\(Int(time) + 3600) pins 1111111111\n"
  }

  /// The `.expected` file's lines that start with `prefix` (`knocked=`, `total=`), in order.
  ///
  /// - Throws: The error of reading the `.expected` file.
  public func expectedLines(startingWith prefix: String) throws -> [String] {
    let text = try String(
      contentsOf: Self.directory.appendingPathComponent("\(name).expected"), encoding: .utf8)
    return text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
  }

  /// Why an `.expected` line could not be read.
  public struct MalformedLine: Error, CustomStringConvertible {
    public let trace: String
    public let line: String
    public var description: String {
      "\(trace).expected: cannot read '\(line)'; write knocked=1,2,3 (or -) foul=true|false"
    }
  }

  /// Whether a lane replaying this trace into the journal at `journal` has bowled it all:
  /// the journal and its closed sessions (`JOURNAL.sessions/*.journal`) hold a throw record
  /// for each of the trace's throws. Files that cannot be read hold none.
  ///
  /// - Throws: What ``expectedThrows()`` throws.
  public func isBowled(intoJournalAt journal: String) throws -> Bool {
    let journalled = LaneJournalFiles(journal).throwRecords
    return journalled.closed + journalled.current >= (try expectedThrows()).count
  }

  /// The expected throws: the `knocked=1,2,3 foul=false` lines (`-` for none), in order.
  ///
  /// - Throws: The error of reading the file, or ``MalformedLine``.
  public func expectedThrows() throws -> [Throw] {
    try expectedLines(startingWith: "knocked=").map { line in
      let fields = line.split(separator: " ")
      let pins = fields[0].dropFirst("knocked=".count)
      let numbers = pins == "-" ? [] : pins.split(separator: ",").map { Int($0).flatMap { Pin(rawValue: $0) } }
      guard fields.count == 2, fields[1].hasPrefix("foul="), !numbers.contains(nil) else {
        throw MalformedLine(trace: name, line: line)
      }
      return Throw(.pins(PinSet(numbers.compactMap { $0 })), isFoul: fields[1] == "foul=true")
    }
  }
}
