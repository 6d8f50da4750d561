// gpio-sim-drive: the gpio-sim rig's stand-in for a lane's sensors (Hardware/gpio-sim/).
//
//   gpio-sim-drive compress [--bounce S] [--settle S] [--max-delivery S] [--margin S] TRACE
//       prints TRACE with its idle stretches shortened (see GapCompressor)
//   gpio-sim-drive replay --pull-dir DIR [--lines OFFSETS] [--pulse S] [--lead S] [--log FILE] TRACE
//       plays TRACE onto the sim chip's pull files in real time, logging every write;
//       --lines gives the chip offsets of pin1..pin10, ball, foul, cycle (default 0,1,...,12)
//   gpio-sim-drive stamp
//       copies standard input to standard output, each line prefixed with the monotonic
//       seconds it arrived at (to time when `lane run` emits a throw)
//
// Traces are read with LaneSensing's TraceReader, exactly as `lane simulate` reads them.
// Exit status: 0, 64 for bad arguments, 65 for a malformed trace, 66 for an unreadable trace,
// 74 when a pull file cannot be opened or written.
import Glibc
import LaneSensing
import SimulatedPinSensor

func compress(_ arguments: Arguments) {
  let configuration = ThrowDetector.Configuration(
    bounce: arguments.seconds("bounce", default: .milliseconds(30)),
    settle: arguments.seconds("settle", default: .seconds(3)),
    longestDelivery: arguments.seconds("max-delivery", default: .seconds(15)))
  let margin = arguments.seconds("margin", default: .milliseconds(500))
  var events = TraceEvents(path: arguments.trace)
  var compressor = GapCompressor(configuration: configuration, margin: margin)
  var output = FileStream.standardOutput()
  print("# \(arguments.trace) with idle gaps shortened by gpio-sim-drive compress", to: &output)
  var first: SensorInstant?
  var last: SensorInstant?
  var placedLast: SensorInstant?
  while let event = events.next() {
    let placed = compressor.place(event)
    if first == nil { first = event.time }
    last = event.time
    placedLast = placed.time
    print(placed.traceLine, to: &output)
  }
  output.flush()
  if let first, let last, let placedLast {
    var standardError = FileStream.standardError()
    print(
      "gpio-sim-drive: \(arguments.trace): \((last - first).nanoseconds / 1_000_000) ms "
        + "shortened to \((placedLast - first).nanoseconds / 1_000_000) ms",
      to: &standardError)
  }
}

func replay(_ arguments: Arguments) {
  guard let directory = arguments.options["pull-dir"] else { fail(64, "replay wants --pull-dir") }
  let pulse = arguments.seconds("pulse", default: .milliseconds(10))
  let lead = arguments.seconds("lead", default: .milliseconds(200))
  var layout = SimLine.rigLayout
  if let text = arguments.options["lines"] {
    guard let given = SimLine.layout(text) else {
      fail(64, "--lines wants 13 different offsets (pin1..pin10, ball, foul, cycle) such as 9,6,14,0,11,1,12,5,8,3,2,13,4, got '\(text)'")
    }
    layout = given
  }
  let pulls: SimPulls
  do { pulls = try SimPulls(directory: directory, layout: layout) } catch { fail(74, "\(error)") }
  var log = FileStream.standardOutput()
  if let path = arguments.options["log"] {
    guard let file = fopen(path, "w") else {
      fail(74, "cannot open the log \(path): \(String(cString: strerror(errno)))")
    }
    log = FileStream(file: file)
  }
  var plan = LineWritePlan(TraceEvents(path: arguments.trace), pulse: pulse)
  let replayer = Replayer(pulls: pulls, start: MonotonicClock.now() + lead)
  do {
    let summary = try replayer.play(&plan, log: &log)
    log.flush()
    var standardError = FileStream.standardError()
    print("gpio-sim-drive: replayed \(arguments.trace): \(summary)", to: &standardError)
  } catch {
    log.flush()
    fail(74, "\(error)")
  }
}

func stamp() {
  guard let input = fdopen(STDIN_FILENO, "r") else { fail(74, "cannot read standard input") }
  var output = FileStream.standardOutput()
  var buffer: UnsafeMutablePointer<CChar>?
  var capacity = 0
  while true {
    let length = getline(&buffer, &capacity, input)
    guard length >= 0, let buffer else { break }
    let arrived = MonotonicClock.now()
    let line = String(cString: buffer)
    output.write(arrived.secondsText + " " + line)
    if !line.hasSuffix("\n") { output.write("\n") }
    output.flush()
  }
  free(buffer)
}

let words = CommandLine.arguments.dropFirst()
switch words.first {
case "compress":
  compress(Arguments(words.dropFirst(), allowed: ["bounce", "settle", "max-delivery", "margin"]))
case "replay":
  replay(Arguments(words.dropFirst(), allowed: ["pull-dir", "lines", "pulse", "lead", "log"]))
case "stamp":
  stamp()
default:
  fail(64, "usage: gpio-sim-drive compress|replay|stamp ... (see Hardware/gpio-sim/Driver/main.swift)")
}
