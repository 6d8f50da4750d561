// Writes journals of growing length in one go, then times what a lane does on start
// (open the journal and rebuild the session) and what `lane correct` does (the same, plus
// one correction made durable), each in a fresh child process so that its peak memory is
// its own, and prints them.
// Run with: swift build -c release --product JournalBenchmark && .build/release/JournalBenchmark
#if canImport(Glibc)
  import Glibc
#endif
import Bowling
import Foundation
import Journal

/// The process's peak resident set size so far, in kibibytes: `VmHWM` from
/// /proc/self/status. (`getrusage`'s `ru_maxrss` is no use in a child: Linux carries the
/// parent's peak across the `vfork` and `exec` that start it.)
func peakResidentKiB() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
  else { fatalError("cannot read VmHWM from /proc/self/status") }
  return kib
}

/// The CPU time this thread has used, in seconds: unlike wall time, not stretched when the
/// shared cores are busy with other work.
func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func seconds(_ duration: Duration) -> Double {
  let (whole, attoseconds) = duration.components
  return Double(whole) + Double(attoseconds) / 1e18
}

/// A journal of one bowler and `deliveries` throws: strikes, spares and open frames in turn.
func journalBytes(deliveries: Int) -> [UInt8] {
  let time = Date(timeIntervalSince1970: 1_746_126_251)
  var bytes = JournalHeader(lane: "bench", created: time).bytes
  bytes += JournalEntry(sequence: 1, time: time, author: "lane", event: .started(bowlers: ["Ana"])).record
  let pattern: [PinSet] = [.full, [1, 2, 3, 4, 5, 6, 7], [8, 9, 10], [1, 2, 3], [4, 5]]
  for index in 0..<deliveries {
    let delivery = JournalEntry.Delivery(
      knocked: pattern[index % pattern.count], isFoul: false, deck: nil,
      start: Double(index) * 30, end: Double(index) * 30 + 4)
    bytes += JournalEntry(
      sequence: index + 2, time: time, author: "lane", event: .delivered(delivery)).record
  }
  return bytes
}

/// Opens the journal at `path` through its checkpoint as a lane does, and `lane correct`
/// when `correcting`; prints the seconds, records decoded, deliveries and peak RSS.
func child(path: String, correcting: Bool) -> Never {
  let clock = ContinuousClock()
  var decoded = 0
  var deliveries = 0
  let cpuBefore = threadCPUSeconds()
  let elapsed = clock.measure {
    do {
      let file = try JournalFile(path: path, ifMissing: .refuse, usingCheckpoint: true)
      var session = try JournalledSession(store: file, opened: file)
      if correcting {
        // Mark the last delivery a foul, or clear it again: every run can correct.
        let isFoul = session.session.deliveries.last?.isFoul ?? false
        _ = try session.correct(.foul(!isFoul), by: "bench", at: Date())
      }
      decoded = file.entries.count
      deliveries = session.session.deliveryCount
      guard file.checkpointed != nil else { fatalError("the checkpoint was not used: \(String(describing: file.checkpointProblem))") }
    } catch {
      fatalError("resume failed: \(error)")
    }
  }
  print(seconds(elapsed), threadCPUSeconds() - cpuBefore, decoded, deliveries, peakResidentKiB())
  exit(0)
}

/// Runs this program as a child for `path`; what it printed.
typealias Measured = (seconds: Double, cpu: Double, decoded: Int, deliveries: Int, peakKiB: Int)

func measureInChild(_ mode: String, path: String) throws -> Measured {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = [mode, path]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let fields = String(decoding: output, as: UTF8.self).split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
  guard process.terminationStatus == 0, fields.count == 5, let time = Double(fields[0]),
    let cpu = Double(fields[1]), let decoded = Int(fields[2]), let deliveries = Int(fields[3]),
    let peak = Int(fields[4])
  else { fatalError("the \(mode) child failed (status \(process.terminationStatus)): \(fields)") }
  return (time, cpu, decoded, deliveries, peak)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "resume" || arguments[0] == "correct" {
  child(path: arguments[1], correcting: arguments[0] == "correct")
}

let lengths = arguments.compactMap { Int($0) }
let folder = FileManager.default.temporaryDirectory
  .appendingPathComponent("journal-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

print("JournalBenchmark: one bowler; resume = open + verify the checkpoint + read the records after it + rebuild the session; resume and correct each the median of 5 fresh processes (peak RSS its own)")
var resumes: [(Int, Double, Double)] = []
var corrects: [(Int, Double, Double)] = []
for count in lengths.isEmpty ? [50_000, 500_000] : lengths {
  let path = folder.appendingPathComponent("lane-\(count).journal").path
  try Data(journalBytes(deliveries: count)).write(to: URL(fileURLWithPath: path))
  let clock = ContinuousClock()
  // The first start after the journal was written reads every record and leaves a checkpoint.
  let first = clock.measure {
    do {
      let file = try JournalFile(path: path, ifMissing: .refuse, usingCheckpoint: true)
      let session = try JournalledSession(store: file, opened: file)
      JournalCheckpoint.renew(file, session: session.session, through: session.lastSequence) {
        fatalError("checkpoint failed: \($0)")
      }
    } catch {
      fatalError("first resume failed: \(error)")
    }
  }
  let checkpointSize = (try? FileManager.default.attributesOfItem(atPath: JournalCheckpoint.path(for: path))[.size] as? Int) ?? 0
  // The median of five fresh processes each: a few milliseconds are easily disturbed.
  func median(_ mode: String) throws -> Measured {
    let runs = try (0..<5).map { _ in try measureInChild(mode, path: path) }
    var middle = runs.sorted { $0.seconds < $1.seconds }[2]
    middle.cpu = runs.map(\.cpu).sorted()[2]
    return middle
  }
  let resume = try median("resume")
  let correct = try median("correct")
  resumes.append((count, resume.seconds, resume.cpu))
  corrects.append((count, correct.seconds, correct.cpu))
  print(
    "\(count) throws (\(resume.deliveries) in the session): first start \(String(format: "%.2f", seconds(first))) s,"
      + " checkpoint \(checkpointSize) bytes;"
      + " resume \(String(format: "%.4f", resume.seconds)) s wall, \(String(format: "%.4f", resume.cpu)) s CPU"
      + " (\(resume.decoded) records decoded, peak RSS \(resume.peakKiB) KiB);"
      + " correct \(String(format: "%.4f", correct.seconds)) s wall, \(String(format: "%.4f", correct.cpu)) s CPU"
      + " (peak RSS \(correct.peakKiB) KiB)")
}
for (name, results) in [("resume", resumes), ("correct", corrects)] {
  if results.count >= 2, let first = results.first, let last = results.last {
    print(
      "\(name): time(\(last.0)) / time(\(first.0)) = \(String(format: "%.2f", last.1 / first.1)) wall,"
        + " \(String(format: "%.2f", last.2 / first.2)) CPU")
  }
}
