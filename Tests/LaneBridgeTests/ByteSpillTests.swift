import Foundation
import Testing

@testable import LaneBridge

@Suite("Setting report bytes aside until the end")
struct ByteSpillTests {
  /// 300 blocks of 1 000 bytes, each block's bytes all its number modulo 256.
  let blocks = (0..<300).map { [UInt8](repeating: UInt8($0 % 256), count: 1_000) }

  func drained(_ spill: ByteSpill) throws -> [UInt8] {
    var bytes: [UInt8] = []
    try spill.drain { bytes.append(contentsOf: $0) }
    return bytes
  }

  @Test("When blocks are set aside in a folder, then they are in a file there and come back in order, once")
  func inFile() throws {
    let spill = ByteSpill()
    for block in blocks { spill.append(block) }

    #expect(spill.isInFile)
    #expect(try drained(spill) == Array(blocks.joined()))
    #expect(try drained(spill) == [])
  }

  @Test("When the scratch file leaves no name behind, then the folder stays empty while it holds bytes")
  func nameless() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("byte-spill-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }

    let spill = ByteSpill(folder: folder.path)
    spill.append(blocks[1])

    #expect(spill.isInFile)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    #expect(try drained(spill) == blocks[1])
  }

  @Test("When no scratch file can be made, then the blocks are kept in memory and come back the same")
  func inMemory() throws {
    let spill = ByteSpill(folder: "/nonexistent-folder-for-byte-spill")
    for block in blocks { spill.append(block) }

    #expect(!spill.isInFile)
    #expect(try drained(spill) == Array(blocks.joined()))
  }
}
