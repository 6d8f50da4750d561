import Testing

@testable import Journal

@Suite("The CRC-32 of journal records and checkpoints")
struct CRC32Tests {
  /// The checksum one byte at a time, straight from the polynomial: the reference.
  static func reference(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }

  @Test("When bytes of any length are checked eight at a time, then the checksum is the bitwise one", arguments: 0..<40)
  func matchesReference(length: Int) {
    var state = UInt64(length) &* 0x9E37_79B9_7F4A_7C15
    let bytes = (0..<(length * 7)).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    #expect(CRC32.checksum(bytes) == Self.reference(bytes))
    #expect(CRC32.checksum(bytes.dropFirst(min(3, bytes.count))) == Self.reference(Array(bytes.dropFirst(min(3, bytes.count)))))
    // A sequence without contiguous storage takes the same path through a copy
    #expect(CRC32.checksum(bytes.lazy.map { $0 }) == Self.reference(bytes))
  }

  @Test("The check value of \"123456789\" is 0xCBF43926")
  func checkValue() {
    #expect(CRC32.checksum("123456789".utf8) == 0xCBF4_3926)
  }
}
