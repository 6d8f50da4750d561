// Writes journals of growing length in one go, then times what a lane does on start
// (open the journal and rebuild the session) and what `lane correct` does (the same, plus
// one correction made durable), and prints peak memory.
// Run with: swift build -c release --product JournalBenchmark && .build/release/JournalBenchmark
#if canImport(Glibc)
  import Glibc
#endif
import Bowling
import Foundation
import Journal

/// The process's peak resident set size so far, in kibibytes.
func peakResidentKiB() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Int(usage.ru_maxrss)
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

let lengths = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let folder = FileManager.default.temporaryDirectory
  .appendingPathComponent("journal-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

print("JournalBenchmark: one bowler, resume = open + verify the checkpoint + read the records after it + rebuild the session")
print("peak RSS before any run: \(peakResidentKiB()) KiB")
var results: [(Int, Double)] = []
for count in lengths.isEmpty ? [50_000, 500_000] : lengths {
  let path = folder.appendingPathComponent("lane-\(count).journal").path
  try Data(journalBytes(deliveries: count)).write(to: URL(fileURLWithPath: path))
  let clock = ContinuousClock()
  var deliveries = 0
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
  var decoded = 0
  let resume = clock.measure {
    do {
      let file = try JournalFile(path: path, ifMissing: .refuse, usingCheckpoint: true)
      let session = try JournalledSession(store: file, opened: file)
      deliveries = session.session.deliveries.count
      decoded = file.entries.count
    } catch {
      fatalError("resume failed: \(error)")
    }
  }
  let correct = clock.measure {
    do {
      let file = try JournalFile(path: path, ifMissing: .refuse, usingCheckpoint: true)
      var session = try JournalledSession(store: file, opened: file)
      _ = try session.correct(.foul(true), by: "bench", at: Date())
    } catch {
      fatalError("correct failed: \(error)")
    }
  }
  results.append((count, seconds(resume)))
  print(
    "\(count) throws (\(deliveries) in the session): first start \(String(format: "%.2f", seconds(first))) s,"
      + " resume from its checkpoint \(String(format: "%.3f", seconds(resume))) s (\(decoded) records decoded),"
      + " correct \(String(format: "%.3f", seconds(correct))) s, peak RSS \(peakResidentKiB()) KiB")
}
if results.count >= 2, let first = results.first, let last = results.last {
  print("time(\(last.0)) / time(\(first.0)) = \(String(format: "%.2f", last.1 / first.1))")
}
