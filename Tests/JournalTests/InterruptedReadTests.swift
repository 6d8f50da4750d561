import Bowling
import Foundation
import POSIX
import SystemPackage
import Synchronization
import TestSupport
import Testing

@testable import Journal

/// The journal's file read through `pread` a few bytes at a time, failing with `EINTR`
/// before every read that would succeed: what a loaded Pi with signals arriving may do, and
/// more often than it ever would.
final class ChoppyReads: PositionalReading, Sendable {
  let descriptor: FileDescriptor
  /// The most bytes one read returns.
  let longest: Int
  /// How many reads were cut short and how many were interrupted, so a test can tell the
  /// double was in the path at all.
  let shortReads = Atomic(0)
  let interruptions = Atomic(0)
  private let interruptNext = Atomic(true)

  init(_ descriptor: FileDescriptor, longest: Int) {
    self.descriptor = descriptor
    self.longest = longest
  }

  func read(
    fromAbsoluteOffset offset: Int64, into buffer: UnsafeMutableRawBufferPointer,
    retryOnInterrupt: Bool
  ) throws -> Int {
    if !retryOnInterrupt, interruptNext.exchange(false, ordering: .relaxed) {
      interruptions.add(1, ordering: .relaxed)
      throw Errno.interrupted
    }
    interruptNext.store(true, ordering: .relaxed)
    let part = UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(longest))
    let count = try descriptor.read(fromAbsoluteOffset: offset, into: part, retryOnInterrupt: retryOnInterrupt)
    if count < buffer.count && count > 0 { shortReads.add(1, ordering: .relaxed) }
    return count
  }
}

@Suite("Reading a journal through short and interrupted reads")
struct InterruptedReadTests {
  let folder: ScratchFolder
  let path: String
  /// Every double the reader opened, to count what they did.
  final class Opened: Sendable {
    let doubles = Mutex<[ChoppyReads]>([])
  }
  let opened = Opened()

  /// A journal holding a start and five deliveries (records 1 to 6).
  init() throws {
    folder = try ScratchFolder("lane-journal-interrupted")
    path = folder.path("lane.journal")
    // The journal JournalReaderTests read.
    try JournalReaderTests.writeJournal(at: path)
  }

  /// A reader of the journal whose every read returns at most `longest` bytes and is
  /// interrupted once first.
  func choppyReader(longest: Int) throws -> JournalReader {
    try JournalReader(path: path) { [opened] descriptor in
      let double = ChoppyReads(descriptor, longest: longest)
      opened.doubles.withLock { $0.append(double) }
      return double
    }
  }

  var shortReads: Int {
    opened.doubles.withLock { $0.reduce(0) { $0 + $1.shortReads.load(ordering: .relaxed) } }
  }
  var interruptions: Int {
    opened.doubles.withLock { $0.reduce(0) { $0 + $1.interruptions.load(ordering: .relaxed) } }
  }

  @Test(
    "When every read returns a few bytes and is interrupted first, then the reader sees the header and every record",
    arguments: [1, 7, 100])
  func entries(longest: Int) throws {
    let reader = try choppyReader(longest: longest)

    #expect(reader.header == JournalHeader(lane: "lane7", created: JournalReaderTests.time))
    #expect(try reader.entries(after: 0) == JournalReader(path: path).entries(after: 0))
    #expect(try reader.entries(after: 2, limit: 2).entries.map(\.sequence) == [3, 4])
    #expect(shortReads > 0)
    #expect(interruptions > 0)
  }

  @Test("When a torn record ends the journal and reads are short and interrupted, then the check finds the same torn tail")
  func tornTail() throws {
    // Given a record cut mid-write at the end of the journal
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("0123abcd {\"event\":\"deliv".utf8))
    try handle.close()

    // When it is checked through reads of 3 bytes at most
    let check = try choppyReader(longest: 3).check()

    // Then it finds what a plain read finds: six good records and the same tail
    let plain = try JournalReader(path: path).check()
    #expect(check == plain)
    #expect(check.intact == 6)
    #expect(check.tornTail != nil)
    #expect(shortReads > 0)
    #expect(interruptions > 0)
  }
}
