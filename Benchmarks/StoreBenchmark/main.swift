// The desk's store at a centre's scale (docs/performance.md, "The desk's store"); not a test.
//
//   StoreBenchmark STORE OPEN_JOURNAL NIGHT_JOURNAL [EVENTS]
//
// Builds a season of 48 lanes in STORE (a new file) from two journals `lane simulate` wrote:
// a lane's open-play session and a league night on a pair (Benchmarks/store-benchmark.sh
// makes both). Each week: five league nights, two leagues a night on 12 pairs each (ten
// leagues, each pair's teams and bowlers their own), and six open-play sessions on every lane
// on each weekend day, until EVENTS (default 2,000,000) are stored. Every event is stored in
// its own durable transaction (the desk commits what arrives together in one: this is the
// rate with nothing to gather, one lane at a time). Then times
// the first fold of the season (`RecordStore.refresh`), a bowler's average and a league's
// standings (each the median and worst of many), and every bowler's averages.
import Centre
import CentreStore
import Foundation
import LaneBridge

/// Seconds `body` took, by the monotonic clock.
func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = ContinuousClock.now
  try body()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// `median X ms, worst Y ms (N)` of `runs` timings of `body`.
func timings(_ runs: Int, _ body: (Int) throws -> Void) rethrows -> String {
  var times: [Double] = []
  for run in 0..<runs { times.append(try seconds { try body(run) }) }
  times.sort()
  return String(format: "median %.2f ms, worst %.2f ms (%d runs)", 1000 * times[times.count / 2], 1000 * times[times.count - 1], runs)
}

/// `events` with every occurrence of each quoted name replaced, through their JSON.
func renamed(_ events: [Payload.Event], _ names: [(String, String)]) throws -> [Payload.Event] {
  let decoder = JSONDecoder()
  return try events.map { event in
    var json = String(decoding: try CentreMessage.encode(event), as: UTF8.self)
    for (from, to) in names { json = json.replacingOccurrences(of: "\"\(from)\"", with: "\"\(to)\"") }
    return try decoder.decode(Payload.Event.self, from: Data(json.utf8))
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, let target = arguments.count > 3 ? Int(arguments[3]) : 2_000_000 else {
  print("usage: StoreBenchmark STORE OPEN_JOURNAL NIGHT_JOURNAL [EVENTS]")
  exit(64)
}
let (path, openJournal, nightJournal) = (arguments[0], arguments[1], arguments[2])
let lanes = try (1...48).map { try LaneID("lane\($0)") }
let open = try JournalImport(journalAt: openJournal, naming: .lane(lanes[0])).events
let night = try JournalImport(
  journalAt: nightJournal, naming: .pair(Payload.Pair(left: lanes[0], right: lanes[1]))
).events
// The template night's names (docs/examples/tuesday-mixed.toml), made each pair's own.
let nightNames = ["Tuesday Mixed", "Pin Pals", "Gutter Kings", "Ana", "Ben", "Cy", "Di"]
var leagueNights: [[Payload.Event]] = []
for league in 1...10 {
  for pair in 1...12 {
    leagueNights.append(
      try renamed(night, nightNames.map { name in (name, name == "Tuesday Mixed" ? "League \(league)" : "\(name) \(league)-\(pair)") }))
  }
}

let store = try RecordStore.open(at: path, access: .createIfMissing)
var stored = 0
var sessions = 0
var nights = 0
let season = Date(timeIntervalSince1970: 1_788_739_200)  // 2026-09-07, a Monday
let formatter = ISO8601DateFormatter()

/// Stores `events` as `lane` (and `pair`) published them in `session`, one transaction each.
@MainActor func publish(_ events: [Payload.Event], session: String, lane: (LaneID) -> LaneID, pair: Payload.Pair?) throws {
  for var event in events {
    event.lane = lane(event.lane)
    event.session = session
    event.pair = pair
    _ = try store.store([event])
    stored += 1
  }
}

var week = 0
let storing = try seconds {
  while stored < target {
    for day in 0..<7 {
      let date = season.addingTimeInterval(Double(week * 7 + day) * 86_400)
      if day < 5 {
        // Two leagues a night, each on twelve pairs.
        for half in 0..<2 {
          let league = day * 2 + half
          let session = formatter.string(from: date.addingTimeInterval(Double(18 + half) * 3_600))
          for slot in 0..<12 {
            let (left, right) = (lanes[(half * 12 + slot) * 2], lanes[(half * 12 + slot) * 2 + 1])
            let pair = Payload.Pair(left: left, right: right)
            try publish(leagueNights[league * 12 + slot], session: session, lane: { $0 == lanes[0] ? left : right }, pair: pair)
            nights += 1
          }
        }
      } else {
        for lane in lanes {
          for game in 0..<6 {
            let session = formatter.string(from: date.addingTimeInterval(Double(10 + 2 * game) * 3_600))
            try publish(open, session: session, lane: { _ in lane }, pair: nil)
            sessions += 1
          }
        }
      }
    }
    week += 1
  }
}
print("stored \(stored) events (\(week) weeks: \(nights) league nights on 24 pairs, \(sessions) open-play sessions on 48 lanes)")
print(String(format: "  in %.1f s: %.0f events/s, each in its own durable transaction (WAL, synchronous FULL)", storing, Double(stored) / storing))
var origins = 0
let folding = try seconds { origins = try store.refresh() }
print(String(format: "first fold of the season: %.1f s for %d sessions and nights (%.0f events/s)", folding, origins, Double(stored) / folding))
let averages = try store.averages()
let leagueBowlers = averages.filter { $0.id.hasPrefix("league/") }
print("\(averages.count) bowlers, \(leagueBowlers.count) of them league bowlers")
print("a league bowler's average: " + (try timings(201) { run in _ = try store.average(of: leagueBowlers[run * 7919 % leagueBowlers.count].id) }))
print("a league's standings: " + (try timings(51) { run in _ = try store.standings(league: "League \(run % 10 + 1)") }))
print("every bowler's average: " + (try timings(11) { _ in _ = try store.averages() }))
print("a season's games (lane records games): " + (try timings(3) { _ in _ = try store.games() }))
try store.close()
let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
print(String(format: "the store: %.1f MiB", Double(size) / 1_048_576))
