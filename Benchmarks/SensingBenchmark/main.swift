// Replays long generated traces through the trace reader and the throw detector and prints
// events per second and peak memory. Run with: swift run -c release SensingBenchmark
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import LaneSensing

/// The process's peak resident set size so far, in kibibytes (Linux reports `ru_maxrss` so).
func peakResidentKiB() -> Int {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  return Int(usage.ru_maxrss)
}

func seconds(_ duration: Duration) -> Double {
  let (whole, attoseconds) = duration.components
  return Double(whole) + Double(attoseconds) / 1e18
}

func format(_ value: Double) -> String {
  let rounded = (value * 100).rounded() / 100
  return String(rounded)
}

/// Generates `events` lines only, to show what the generator itself costs.
func generateOnly(events: Int) -> (lines: Int, seconds: Double) {
  let clock = ContinuousClock()
  var lane = SyntheticLane(events: events)
  var lines = 0
  var bytes = 0
  let elapsed = clock.measure {
    while let line = lane.next() {
      lines += 1
      bytes &+= line.utf8.count
    }
  }
  precondition(bytes > 0)
  return (lines, seconds(elapsed))
}

/// Streams `events` generated lines through the reader and the detector.
func replay(events: Int) throws(TraceError) -> (events: Int, throwsFound: Int, seconds: Double) {
  let clock = ContinuousClock()
  var reader = TraceReader(lines: SyntheticLane(events: events))
  var detector = ThrowDetector()
  var count = 0
  var throwsFound = 0
  let start = clock.now
  while let event = try reader.nextEvent() {
    count += 1
    for output in detector.handle(event) {
      if case .delivery = output { throwsFound += 1 }
    }
  }
  for output in detector.finish() {
    if case .delivery = output { throwsFound += 1 }
  }
  return (count, throwsFound, seconds(clock.now - start))
}

let lengths = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let runs = lengths.isEmpty ? [1_000_000, 4_000_000] : lengths
print("SensingBenchmark: \(SyntheticLane.eventsPerDelivery) events per delivery")
print("peak RSS before any run: \(peakResidentKiB()) KiB")
do {
  for events in runs {
    let generated = generateOnly(events: events)
    let result = try replay(events: events)
    let rate = Double(result.events) / result.seconds
    print("""
      \(result.events) events: \(format(result.seconds)) s, \
      \(Int(rate)) events/s through reader+detector \
      (generating the lines alone: \(format(generated.seconds)) s), \
      \(result.throwsFound) throws, peak RSS \(peakResidentKiB()) KiB
      """)
  }
} catch {
  print("error: \(error)")
  exit(1)
}
