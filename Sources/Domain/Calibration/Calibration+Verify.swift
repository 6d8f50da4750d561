import Bowling
import LaneSensing

extension Calibration {
  /// Step 4: shows the deck as the mapped lines read, live, until every pin has been down
  /// and the rack stands again; the technician confirms it matched the lane.
  mutating func verify() throws(Failure) {
    technician.tell(.step(.verify))
    technician.tell(.watchDeck)
    var shown = standing()
    var seenDown = shown.complement
    technician.tell(.deck(shown))
    _ = try record(.verify) { calibration, _ in
      let deck = calibration.standing()
      if deck != shown {
        shown = deck
        seenDown = seenDown.union(deck.complement)
        calibration.technician.tell(.deck(deck))
      }
      return seenDown == .full && deck == .full
    }
    guard try ask(.deckMatched) else { throw .deckNotConfirmed }
  }

  /// The pins whose lines read their idle level now.
  func standing() -> PinSet {
    PinSet(mapped.compactMap { role, offset in
      guard case .pin(let pin) = role else { return nil }
      return watch.levels[offset] == measurements.idleLevels[offset] ? pin : nil
    })
  }
}
