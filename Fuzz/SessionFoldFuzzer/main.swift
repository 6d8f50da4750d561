import Bowling
import Foundation
import Journal

// `@_cdecl` goes against STYLE.md's "no underscored attributes" on purpose: it is the only way
// Swift can export a function under the C name libFuzzer calls, `LLVMFuzzerTestOneInput`.

/// Folds arbitrary bytes into a lane session as deliveries and corrections, two ways, and
/// checks the session's promises after every step.
///
/// The first byte chooses one to four bowlers; then each pair of bytes is one step: mostly a
/// delivery (the pins knocked, a foul now and then), sometimes a correction (undo, dead
/// ball, foul or not, pins). The same steps, as journal entries, are folded again with
/// `LaneSession(journal:)` and must give the same session. Invariants, on every step: a
/// refused step changes nothing; what the session keeps adds up (`deliveries`, `recorded`,
/// `deliveryCount`); no bowler keeps more than `wholeGames` games whole once every bowler
/// has started another; running totals never decrease and never pass 300; at the end, the
/// snapshot gives back an equal session (checked once: a replay per step is too slow under
/// AddressSanitizer for inputs long enough to summarise games); and every undo the session
/// offers is accepted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionFold(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let first = bytes.first else { return 0 }
  let bowlers = ["Ana", "Ben", "Cho", "Dee"].prefix(Int(first % 4) + 1).map { $0 }
  let time = Date(timeIntervalSince1970: 1_746_126_251)
  var session = LaneSession(bowlers: bowlers)
  var entries = [JournalEntry(sequence: 1, time: time, author: "lane", event: .started(bowlers: bowlers))]
  var index = 1
  while index + 1 < bytes.count {
    let (kind, value) = (bytes[index], bytes[index + 1])
    index += 2
    let before = session
    let event: JournalEntry.Event
    do {
      if kind & 0b111 != 0 {
        // A delivery: the pins knocked among those standing, or any pins (maybe impossible)
        let standing = session.standing.pins ?? .full
        let chosen = PinSet(bits: UInt16(value) << 2 & 0b11_1111_1111 | UInt16(kind >> 6)) ?? .empty
        let knocked = kind & 0b1000 != 0 ? chosen : PinSet(chosen.filter(standing.contains))
        let delivery = JournalEntry.Delivery(knocked: knocked, isFoul: kind & 0b11_0000 == 0b11_0000)
        try session.record(delivery.throw)
        event = .delivered(delivery)
      } else {
        let corrections: [Correction] = [
          .undo, .deadBall, .foul(true), .foul(false),
          .setPins(PinSet(bits: UInt16(value) << 2 & 0b11_1111_1111) ?? .empty),
        ]
        let correction = corrections[Int(kind >> 3) % corrections.count]
        try session.correct(correction)
        event = .corrected(correction, change: "")
      }
    } catch {
      precondition(session == before, "a refused step changed the session: \(error)")
      precondition(!"\(error)".isEmpty, "an error without a message")
      continue
    }
    entries.append(JournalEntry(sequence: entries.count + 1, time: time, author: "lane", event: event))
    check(session)
  }
  checkSnapshot(session)
  // The same steps as a journal fold to the same session.
  do {
    let folded = try LaneSession(journal: entries)
    precondition(folded == session, "the journal's fold differs from the session")
  } catch {
    preconditionFailure("the journal of accepted steps was refused: \(error)")
  }
  // Every undo the session offers is accepted, down to nothing left to undo.
  var undoing = session
  while undoing.canUndo {
    do {
      try undoing.correct(.undo)
    } catch {
      preconditionFailure("an undo the session offered was refused: \(error)")
    }
    check(undoing)
  }
  return 0
}

/// The session's invariants (see ``fuzzSessionFold(_:_:)``).
func check(_ session: LaneSession) {
  precondition(session.deliveries.count == session.recorded.count, "deliveries and places differ")
  precondition(
    session.deliveryCount == session.summarisedDeliveries + session.deliveries.count,
    "the delivery count does not add up")
  precondition(
    !session.series.allSatisfy({ $0.games.count > LaneSession.wholeGames }),
    "every bowler keeps more whole games than the session should")
  let summarised = session.series[0].earlier.count
  for series in session.series {
    precondition(series.earlier.count == summarised, "bowlers have different numbers of summarised games")
    precondition(series.earlier.allSatisfy { (0...300).contains($0.total) }, "a summarised total out of range")
    for game in series.games {
      var previous = 0
      for frame in game.frames {
        guard let cumulative = frame.cumulative else { continue }
        precondition(cumulative >= previous && cumulative <= 300, "a running total out of order")
        previous = cumulative
      }
    }
  }
}

/// The session's snapshot gives back an equal session.
func checkSnapshot(_ session: LaneSession) {
  let snapshot = session.snapshot
  do {
    let restored = try LaneSession(snapshot: snapshot)
    precondition(restored == session, "the snapshot made another session")
  } catch {
    preconditionFailure("the session's own snapshot was refused: \(error)")
  }
}
