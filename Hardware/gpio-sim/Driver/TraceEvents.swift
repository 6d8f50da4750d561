import LaneSensing
import SimulatedPinSensor

/// The trace's events, one at a time; a malformed line ends the program with its error.
struct TraceEvents: IteratorProtocol {
  private var reader: TraceReader<TraceLines>
  let path: String

  init(path: String) {
    self.path = path
    do {
      reader = TraceReader(lines: TraceLines(file: try TraceFile(path: path)))
    } catch {
      fail(66, "\(error)")
    }
  }

  mutating func next() -> SensorEvent? {
    do { return try reader.nextEvent() } catch { fail(65, "\(path): \(error)") }
  }
}

/// A trace file's lines.
struct TraceLines: IteratorProtocol {
  let file: TraceFile
  mutating func next() -> String? { file.nextLine() }
}
