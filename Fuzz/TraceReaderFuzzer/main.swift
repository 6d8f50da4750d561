import LaneSensing

// `@_cdecl` goes against STYLE.md's "no underscored attributes" on purpose: it is the only way
// Swift can export a function under the C name libFuzzer calls, `LLVMFuzzerTestOneInput`.

/// Reads arbitrary bytes as a trace file, the way `lane simulate` does, and checks that the
/// reader and the throw detector behind it hold their promises on whatever they get.
///
/// The bytes are split into lines at `\n` and decoded as UTF-8 with repair (`TraceFile` also
/// ends lines at `\r` and bounds their length; its own tests cover that).
/// A malformed line must throw a `TraceError` with a message; the events read before it are
/// written back with `TraceWriter` and must read back unchanged; and the detector fed those
/// events must never go back in time and must finish. Anything else traps, which libFuzzer
/// reports as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }

  var reader = TraceReader(lines: lines.makeIterator())
  var events: [SensorEvent] = []
  do {
    while let event = try reader.nextEvent() { events.append(event) }
  } catch {
    precondition(error.line >= 1 && error.line <= lines.count, "error line out of range")
    precondition(error.description.hasPrefix("trace line \(error.line): "), "bad message")
  }

  // Writer -> reader round trip of what was read.
  var writer = TraceWriter(to: "")
  for event in events { try! writer.write(event) }
  var again = TraceReader(lines: writer.output.split(separator: "\n").map(String.init)
    .makeIterator())
  var reread: [SensorEvent] = []
  while let event = try! again.nextEvent() { reread.append(event) }
  precondition(reread == events, "the trace did not read back as written")

  // The detector on the events, as `lane simulate` runs it.
  var detector = ThrowDetector()
  var latest = SensorInstant(nanoseconds: .min)
  func check(_ outputs: [ThrowDetector.Output]) {
    for output in outputs {
      let time: SensorInstant
      switch output {
      case .delivery(let delivery):
        precondition(delivery.knocked.isSubset(of: delivery.standingBefore), "knocked not standing")
        precondition(delivery.start <= delivery.end, "delivery ends before it starts")
        time = delivery.end
      case .deckChanged(let change): time = change.time
      case .warning(let warning): time = warning.time
      }
      precondition(time >= latest, "the detector went back in time")
      latest = time
    }
  }
  for event in events { check(detector.handle(event)) }
  check(detector.finish())
  precondition(!detector.isInDelivery, "a delivery is still open after finish")
  return 0
}
