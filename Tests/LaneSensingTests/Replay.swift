import Bowling
import LaneSensing

/// Test helpers: feed trace text to a detector and pick out what it reported.
extension ThrowDetector {
  /// Feeds each line of `trace` (trace format) to the detector, then advances to `until`.
  @discardableResult
  mutating func replay(_ trace: String, until end: String? = nil) -> [Output] {
    var output: [Output] = []
    var reader = TraceReader(lines: trace.split(separator: "\n").map(String.init).makeIterator())
    while let event = try! reader.nextEvent() {
      output += handle(event)
    }
    if let end { output += advance(to: instant(end)) }
    return output
  }
}

/// The instant `seconds` after the origin, parsed exactly.
func instant(_ seconds: String) -> SensorInstant {
  SensorInstant(seconds: seconds)!
}

func pin(_ number: Int) -> Pin { Pin(rawValue: number)! }
