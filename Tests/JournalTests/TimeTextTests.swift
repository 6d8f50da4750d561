import Foundation
import Testing

@testable import Journal

@Suite("A time as text in UTC")
struct TimeTextTests {
  /// Times on and around whole seconds and milliseconds, before and after 1970.
  static let times: [Double] = [
    0, 1_746_126_251, 1_746_126_251.4, 1_746_126_251.6, 1_746_126_251.9994, 1_746_126_251.9996,
    1_764_000_000.999999, 951_782_400.5, -0.5, 4_102_444_799.999,
  ]

  @Test("When a session's id is made, then it is the text ISO8601DateFormatter made for it", arguments: times)
  func sessionID(seconds: Double) {
    let time = Date(timeIntervalSince1970: seconds)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]

    #expect(TimeText.seconds(time) == formatter.string(from: time))
  }

  @Test("When a file set aside is named, then the time is cut to the millisecond in the compact form")
  func compact() {
    #expect(TimeText.compact(Date(timeIntervalSince1970: 1_746_126_251)) == "20250501T190411.000Z")
    #expect(TimeText.compact(Date(timeIntervalSince1970: 1_746_126_251.1239)) == "20250501T190411.123Z")
    #expect(TimeText.compact(Date(timeIntervalSince1970: 1_746_126_251.9999)) == "20250501T190411.999Z")
  }
}
