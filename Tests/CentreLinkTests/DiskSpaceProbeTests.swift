import CentreLink
import Foundation
import Testing

@Suite("DiskSpaceProbe: the journal disk's space for the health monitor")
struct DiskSpaceProbeTests {
  @Test("When the folder exists, then its disk has some total and no more free than total")
  func reads() throws {
    let space = try #require(DiskSpaceProbe(folder: NSTemporaryDirectory()).read())

    #expect(space.total > 0)
    #expect((0...space.total).contains(space.free))
  }

  @Test("When the folder is gone, then there is no reading, not a made-up one")
  func missing() {
    let folder = NSTemporaryDirectory() + "/no-such-folder-\(UInt64.random(in: 0 ... .max))"

    #expect(DiskSpaceProbe(folder: folder).read() == nil)
  }
}
