import Centre
import Foundation
import LaneBridge

/// What `lane records games`, `averages` and `events` print: one JSON line per game, bowler
/// or stored event, with keys in a stable order; and the lines that say what was not folded.
public struct RecordsReport: Sendable {
  /// The JSON lines for standard output.
  public var lines: [String]
  /// What standard error is told: the records that were not folded, the nights left out.
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
    let events: [Payload.Event]
    do {
      let store = try RecordStore.open(at: path, access: .existing)
      events = try store.events()
      try store.close()
    } catch {
      throw error.failure
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    func line(_ value: some Encodable, text: String) throws(LaneFailure) -> String {
      guard json else { return text }
      do {
        return String(decoding: try encoder.encode(value), as: UTF8.self)
      } catch {
        throw LaneFailure(.software, "cannot write a line of JSON: \(error)")
      }
    }
    if kind == .events {
      lines = try events.map { event throws(LaneFailure) in
        try line(event, text: "\(event.lane) \(event.session) \(event.seq) \(event.type.rawValue)")
      }
      notes = []
      return
    }
    let folded = StoredGames(events: events)
    notes = folded.problems.map(\.description)
    if folded.nights > 0 {
      notes.append("\(folded.nights) league night session(s) stored but not folded into games yet")
    }
    switch kind {
    case .games, .events:
      lines = try folded.games.map { game throws(LaneFailure) in try line(game, text: game.description) }
    case .averages:
      lines = try BowlerAverage.averages(of: folded.games).map { average throws(LaneFailure) in
        try line(average, text: average.description)
      }
    }
  }
}
