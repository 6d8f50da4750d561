import Centre
import CentreRecords
import CentreStore
import Foundation

/// What `lane records games`, `averages` and `events` print: one JSON line per game, bowler
/// or stored event, with keys in a stable order; and the lines that say what was not folded.
public struct RecordsReport: Sendable {
  /// The JSON lines for standard output.
  public var lines: [String]
  /// What standard error is told: the records that were not folded.
  public var notes: [String]
  /// What ends each line: CRLF for CSV.
  public var lineEnd = "\n"

  /// The kinds of report.
  public enum Kind: String, Sendable, CaseIterable {
    case games, averages, events
  }

  /// Reads `store` and makes the report: JSON lines, or a line of text per game, bowler or
  /// event.
  ///
  /// - Throws: ``StoreError``; `EncodingError` when a line cannot be written as JSON.
  ///
  /// - Parameter league: Averages over this league's games only.
  public init(_ kind: Kind, of store: RecordStore, json: Bool, league: String? = nil) throws {
    func line(_ value: some Encodable, text: String) throws -> String {
      json ? try Self.jsonLine(value) : text
    }
    (lines, notes) = try {
      switch kind {
      case .events:
        (try store.events().map { event in try line(event, text: "\(event.lane) \(event.session) \(event.seq) \(event.type.rawValue)") }, [])
      case .games:
        (try store.games().map { game in try line(game, text: game.description) }, try store.foldProblems())
      case .averages:
        (
          try store.averages(league: league).map { average in try line(average, text: average.description) },
          try store.foldProblems()
        )
      }
    }()
  }

  /// `value` as one line of JSON, keys sorted, as every `lane records` line is.
  ///
  /// - Throws: `EncodingError` when it cannot be encoded.
  public static func jsonLine(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
