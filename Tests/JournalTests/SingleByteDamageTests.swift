import Bowling
import Foundation
import TestSupport
import Testing

@testable import Journal

/// The damage policy as a property, checked at every byte of a small journal: a single
/// changed byte never loses an intact record silently. Opening either refuses (and changes
/// nothing), or keeps every record the change did not touch; only the changed record itself
/// may go, and only as a torn last record that is reported and kept in a `.torn` file.
@Suite("Any single changed byte in a journal")
struct SingleByteDamageTests {
  static let time = Date(timeIntervalSince1970: 1_746_126_251)
  /// A start and two deliveries, as a lane writes them (small, so every byte is tried fast).
  static let entries: [JournalEntry] = {
    var entries = [JournalEntry(sequence: 1, time: time, author: "lane", event: .started(bowlers: ["Ana", "Ben"]))]
    for (index, pins) in ([.full, [1, 2, 3]] as [PinSet]).enumerated() {
      entries.append(JournalEntry(
        sequence: index + 2, time: time, author: "lane",
        event: .delivered(.init(knocked: pins, isFoul: false, deck: .full, start: 2, end: 5.5))))
    }
    return entries
  }()
  static let header = JournalHeader(lane: "lane7", created: time).bytes
  static let records = entries.map(\.record)
  static let journal = header + records.flatMap { $0 }
  /// Replacements tried at each byte: bit flips, line ends, and characters of the format.
  static let replacements: [@Sendable (UInt8) -> UInt8] = [
    { $0 ^ 0x01 }, { _ in UInt8(ascii: "\n") }, { _ in UInt8(ascii: "\r") },
  ]

  /// Which record (index into ``records``) holds byte `offset`, or `nil` for the header.
  static func record(at offset: Int) -> Int? {
    var end = header.count
    guard offset >= end else { return nil }
    for (index, record) in records.enumerated() {
      end += record.count
      if offset < end { return index }
    }
    return nil
  }

  @Test("When any byte is changed, then opening refuses untouched or keeps every record the change did not touch")
  func everyByte() throws {
    let folder = try ScratchFolder("lane-journal-tests")
    let path = folder.path("lane.journal")
    var outcomes = (refused: 0, opened: 0, tornSetAside: 0)
    for offset in Self.journal.indices {
      for replace in Self.replacements {
        var damaged = Self.journal
        damaged[offset] = replace(damaged[offset])
        guard damaged[offset] != Self.journal[offset] else { continue }
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        let touched = Self.record(at: offset)

        do {
          let file = try JournalFile(path: path, ifMissing: .refuse)
          outcomes.opened += 1
          let intact = Self.entries.indices.filter { $0 != touched }.map { Self.entries[$0] }
          let lost = intact.filter { !file.entries.contains($0) }
          #expect(lost.isEmpty, "byte \(offset) changed: intact records lost: \(lost.map(\.sequence))")
          if let recovered = file.recovered {
            outcomes.tornSetAside += 1
            #expect(touched == Self.records.count - 1, "byte \(offset): only the last record may be torn")
            let kept = try Data(contentsOf: URL(fileURLWithPath: recovered.savedTo))
            #expect([UInt8](kept) == Array(damaged[recovered.offset...]))
          }
        } catch {
          outcomes.refused += 1
          let now = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
          #expect(now == damaged, "byte \(offset): a refused journal was changed")
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
          try FileManager.default.removeItem(atPath: folder.path(name))
        }
      }
    }
    // Both outcomes happen: the sweep does reach the torn-tail path and the refusals.
    #expect(outcomes.refused > 0 && outcomes.tornSetAside > 0)
  }
}
