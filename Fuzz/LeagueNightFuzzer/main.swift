import Bowling
import LaneConfiguration
import League

// `@_cdecl` goes against STYLE.md's "no underscored attributes" on purpose: it is the only way
// Swift can export a function under the C name libFuzzer calls, `LLVMFuzzerTestOneInput`.

/// Parses arbitrary text as a league night file and, when it is one, plays a night on it.
///
/// A rejected file lists at least one problem, each with words, and names the file. An
/// accepted one has no problems of its own, so `LeaguePlay` takes it; the night is then
/// played from the text's bytes (a delivery on either lane, or a correction, each byte),
/// and must never trap: a refused delivery or correction leaves the night unchanged, every
/// place's game scores as its frames say, and replaying the events gives the same night.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLeagueNight(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let text = String(decoding: bytes, as: UTF8.self)
  let night: LeagueNight
  do {
    night = try LeagueNightFile.parse(text: text, file: "fuzz.toml")
  } catch {
    precondition(!error.problems.isEmpty, "a night error without problems")
    precondition(error.problems.allSatisfy { !$0.message.isEmpty }, "a problem without words")
    precondition(error.description.contains("fuzz.toml"), "the error does not name the file")
    return 0
  }
  precondition(night.problems.isEmpty, "an accepted night with problems")
  var play = LeaguePlay(night: night)
  for byte in bytes.prefix(600) {
    let before = play
    let lane: PairSide = byte & 1 == 0 ? .left : .right
    if byte & 0xE0 == 0xE0 {
      let number = Int(byte & 0x0F) % max(play.deliveries.count, 1) + 1
      let correction: LeagueCorrection =
        byte & 0x10 == 0
        ? .deadBall(delivery: number) : .move(deliveries: [number], to: SlotID(team: 1, place: 0))
      if (try? play.correct(correction)) == nil { precondition(play == before, "a refused correction changed the night") }
    } else if let rack = play.standing(on: lane) {
      let count = Int(byte >> 1) % (rack.count + 1)
      if (try? play.deliver(.count(count), on: lane)) == nil {
        precondition(play == before, "a refused delivery changed the night")
      }
    }
  }
  _ = LeagueBoard(play)
  precondition((try? LeaguePlay(night: night, events: play.events)) == play, "a replay differs from the night")
  return 0
}
