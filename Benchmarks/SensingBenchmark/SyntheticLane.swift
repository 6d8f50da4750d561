import LaneSensing

/// An endless lane, as trace lines: the same noisy delivery and pinsetter cycle over and
/// over, 30 s apart, produced one line at a time so no trace is ever held in memory.
struct SyntheticLane: IteratorProtocol {
  /// One delivery's lines: offsets from the delivery's start, and the event words.
  private static let delivery: [(offset: Int64, words: String)] = {
    var lines: [(Int64, String)] = [(0, "ball")]
    let ms: Int64 = 1_000_000
    // Nine pins fall, each chattering twice; the 10 stands and flickers.
    for pin in 1...9 {
      let start = 200 * ms + Int64(pin) * 40 * ms
      lines += [
        (start, "pin\(pin) down"), (start + 2 * ms, "pin\(pin) up"),
        (start + 4 * ms, "pin\(pin) down"), (start + 6 * ms, "pin\(pin) up"),
        (start + 8 * ms, "pin\(pin) down"),
      ]
    }
    lines += [(700 * ms, "pin10 down"), (708 * ms, "pin10 up"), (6_500 * ms, "cycle on")]
    // The strings lift the 10, then lower a full rack.
    lines += [(7_000 * ms, "pin10 down"), (7_003 * ms, "pin10 up"), (7_006 * ms, "pin10 down")]
    for pin in 1...10 { lines.append((10_000 * ms + Int64(pin) * 10 * ms, "pin\(pin) up")) }
    lines.append((12_000 * ms, "cycle off"))
    return lines
  }()

  /// Lines (events) per delivery.
  static var eventsPerDelivery: Int { delivery.count }

  private var remaining: Int
  private var index = 0
  private var deliveryStart: Int64 = 1_000_000_000
  private var openedWithSnapshot = false

  /// A lane that produces `events` event lines after its opening snapshot.
  init(events: Int) {
    remaining = events
  }

  mutating func next() -> String? {
    guard openedWithSnapshot else {
      openedWithSnapshot = true
      return "0.000000 pins 1111111111"
    }
    guard remaining > 0 else { return nil }
    remaining -= 1
    let (offset, words) = Self.delivery[index]
    let line = SensorInstant(nanoseconds: deliveryStart + offset).secondsText + " " + words
    index += 1
    if index == Self.delivery.count {
      index = 0
      deliveryStart += 30_000_000_000
    }
    return line
  }
}
