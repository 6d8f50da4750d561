// The reader+detector micro-benchmark, and the trace generator of the end-to-end benchmark
// (Benchmarks/replay-benchmark.sh). Run the release build directly:
//   SensingBenchmark [EVENTS...]          micro-benchmark on generated lines and on a file
//   SensingBenchmark file TRACE           micro-benchmark on an existing trace file
//   SensingBenchmark write EVENTS FILE    writes a SyntheticLane trace of EVENTS events
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import LaneSensing
import SimulatedPinSensor

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

/// The count of `malloc`-family calls so far, when the process runs with the counter of
/// Benchmarks/MallocCounter preloaded; `nil` otherwise.
let allocationCounter: (@convention(c) () -> Int)? = {
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_counter_count") else {
    return nil
  }
  return unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)
}()

/// What one timed loop measured.
struct Measurement {
  var events = 0
  var throwsFound = 0
  var seconds = 0.0
  var allocations: Int?

  var summary: String {
    let rate = Double(events) / seconds
    let perEvent = allocations.map { format(Double($0) / Double(max(events, 1))) } ?? "not counted"
    return "\(events) events: \(format(seconds)) s, \(Int(rate)) events/s, \(throwsFound) throws, "
      + "allocations per event \(perEvent), peak RSS \(peakResidentKiB()) KiB"
  }
}

/// Times `body`, counting its allocations when the counter is preloaded.
func measure(_ body: (inout Measurement) throws -> Void) rethrows -> Measurement {
  var result = Measurement()
  let clock = ContinuousClock()
  let allocationsBefore = allocationCounter?()
  let start = clock.now
  try body(&result)
  result.seconds = seconds(clock.now - start)
  if let allocationsBefore, let after = allocationCounter?() {
    result.allocations = after - allocationsBefore
  }
  return result
}

/// Streams `events` generated lines (strings) through `TraceReader` and the detector.
func replayGeneratedLines(events: Int) throws -> Measurement {
  try measure { result in
    var reader = TraceReader(lines: SyntheticLane(events: events))
    var detector = ThrowDetector()
    while let event = try reader.nextEvent() {
      result.events += 1
      for output in detector.handle(event) {
        if case .delivery = output { result.throwsFound += 1 }
      }
    }
    for output in detector.finish() {
      if case .delivery = output { result.throwsFound += 1 }
    }
  }
}

/// Replays the trace file at `path` through `SimulatedPinSensor` and the detector, the
/// sensing half of `lane simulate` (no scoring, no output).
func replayFile(_ path: String) throws -> Measurement {
  try measure { result in
    var sensor = try SimulatedPinSensor(contentsOf: path)
    var detector = ThrowDetector()
    // The loop of `ThrowDetector.run`, counting the events the sensor returns.
    let idleTimeout = Duration.seconds(60)
    while let reading = try sensor.next(
      timeout: detector.nextDeadline.map { min(max($0 - detector.now, .zero), idleTimeout) }
        ?? idleTimeout)
    {
      if case .event = reading { result.events += 1 }
      for output in detector.read(reading) {
        if case .delivery = output { result.throwsFound += 1 }
      }
    }
    for output in detector.finish() {
      if case .delivery = output { result.throwsFound += 1 }
    }
  }
}

/// Writes a SyntheticLane trace of `events` events to `path`.
func write(events: Int, to path: String) -> Bool {
  guard let file = fopen(path, "wx") else {
    print("error: cannot create '\(path)': \(String(cString: strerror(errno))); "
      + "give a path that does not exist yet")
    return false
  }
  var lane = SyntheticLane(events: events)
  while let line = lane.next() {
    fputs(line, file)
    fputc(0x0A, file)
  }
  return fclose(file) == 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "write" {
  guard arguments.count == 3, let events = Int(arguments[1]), events >= 0 else {
    print("usage: SensingBenchmark write EVENTS FILE")
    exit(64)
  }
  exit(write(events: events, to: arguments[2]) ? 0 : 73)
}

if arguments.first == "file" {
  guard arguments.count == 2 else {
    print("usage: SensingBenchmark file TRACE")
    exit(64)
  }
  do {
    print("trace file, SimulatedPinSensor + ThrowDetector: \(try replayFile(arguments[1]).summary)")
    exit(0)
  } catch {
    print("error: \(error)")
    exit(65)
  }
}

let lengths = arguments.compactMap { Int($0) }
let runs = lengths.isEmpty ? [1_000_000] : lengths
print("SensingBenchmark (reader+detector micro-benchmark, not lane simulate): "
  + "\(SyntheticLane.eventsPerDelivery) events per delivery")
print("peak RSS before any run: \(peakResidentKiB()) KiB")
if allocationCounter == nil {
  print("allocations not counted: preload Benchmarks/MallocCounter (see docs/performance.md)")
}
do {
  for events in runs {
    print("generated lines, TraceReader + ThrowDetector: \(try replayGeneratedLines(events: events).summary)")
    let scratch = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = "\(scratch)/sensing-benchmark-XXXXXX".utf8CString
    let folder = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    guard let folder else {
      print("error: cannot create a scratch folder in \(scratch); set TMPDIR to a writable folder")
      exit(73)
    }
    let path = folder + "/trace"
    let written = write(events: events, to: path)
    let file = written ? Result { try replayFile(path) } : nil
    unlink(path)
    rmdir(folder)
    guard let file else { exit(73) }
    print("trace file, SimulatedPinSensor + ThrowDetector: \(try file.get().summary)")
  }
} catch {
  print("error: \(error)")
  exit(1)
}
