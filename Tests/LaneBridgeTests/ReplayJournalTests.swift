import Foundation
import Journal
import Testing

@testable import LaneBridge

@Suite("Journalling a replay nobody reads back")
struct ReplayJournalTests {
  static let start = JournalEntry(
    time: Date(timeIntervalSince1970: 0), author: "lane", event: .started(bowlers: []))

  @Test("Given a replay journal started with the session's start, when entries are appended, then they are numbered on from 2 and none is kept")
  func numbers() throws {
    var (journal, start) = ReplayJournal.starting(with: Self.start)
    #expect(start.sequence == 1)

    var numbers: [Int] = []
    for _ in 0..<3 {
      guard case .appended(let written) = journal.append(Self.start) else {
        Issue.record("a replay journal is never behind")
        return
      }
      numbers.append(written.sequence)
    }

    #expect(numbers == [2, 3, 4])
    #expect(journal.count == 4)
    #expect(journal.readNew() == JournalUpdate())
    #expect(MemoryLayout<ReplayJournal>.size == MemoryLayout<Int>.size)
  }
}
