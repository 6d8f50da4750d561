import Centre
import Foundation
import LaneBridge

/// What `lane records games`, `averages` and `events` print: one JSON line per game, bowler
/// or stored event, with keys in a stable order; and the lines that say what was not folded.
public struct RecordsReport: Sendable {
  /// The JSON lines for standard output.
  public var lines: [String]
  /// What standard error is told: the records that were not folded.
  public var notes: [String]

  /// The kinds of report.
  public enum Kind: String, Sendable, CaseIterable {
    case games, averages, events
  }

  /// Reads the store at `path` (which must exist) and makes the report: JSON lines, or a
  /// line of text per game, bowler or event.
  ///
  /// - Throws: ``LaneFailure`` with the store's refusal (``StoreError/exitStatus``).
  public init(_ kind: Kind, storeAt path: String, json: Bool) throws(LaneFailure) {
    let events = try Self.events(storeAt: path)
    func line(_ value: some Encodable, text: String) throws(LaneFailure) -> String {
      json ? try Self.jsonLine(value) : text
    }
    if kind == .events {
      lines = try events.map { event throws(LaneFailure) in
        try line(event, text: "\(event.lane) \(event.session) \(event.seq) \(event.type.rawValue)")
      }
      notes = []
      return
    }
    let folded = StoredGames(events: events)
    notes = Self.notes(folded)
    switch kind {
    case .games, .events:
      lines = try folded.games.map { game throws(LaneFailure) in try line(game, text: game.description) }
    case .averages:
      lines = try BowlerAverage.averages(of: folded.games).map { average throws(LaneFailure) in
        try line(average, text: average.description)
      }
    }
  }

  /// Every event of the store at `path`, which must exist.
  ///
  /// - Throws: ``LaneFailure`` with the store's refusal (``StoreError/exitStatus``).
  public static func events(storeAt path: String) throws(LaneFailure) -> [Payload.Event] {
    do {
      let store = try RecordStore.open(at: path, access: .existing)
      let events = try store.events()
      try store.close()
      return events
    } catch {
      throw error.failure
    }
  }

  /// The lines standard error is told about what was not folded.
  public static func notes(_ folded: StoredGames) -> [String] { folded.problems.map(\.description) }

  /// `value` as one line of JSON, keys sorted, as every `lane records` line is.
  ///
  /// - Throws: ``LaneFailure`` (70) when it cannot be encoded.
  public static func jsonLine(_ value: some Encodable) throws(LaneFailure) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw LaneFailure(.software, "cannot write a line of JSON: \(error)")
    }
  }
}
