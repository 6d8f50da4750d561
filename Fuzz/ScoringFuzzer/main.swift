import Bowling
import LaneBridge

// `@_cdecl` goes against STYLE.md's "no underscored attributes" on purpose: it is the only way
// Swift can export a function under the C name libFuzzer calls, `LLVMFuzzerTestOneInput`.

/// Scores arbitrary bytes two ways and checks the scoring engine's invariants on both.
///
/// 1. As `lane score` arguments: the text split at whitespace into tokens for
///    `RollParser.game`, which must score them or throw a `ScoreInputError` with a message.
/// 2. As throws: each pair of bytes one `Throw` (counts, pin sets and fouls, legal or not)
///    recorded into a `Game` one by one; a rejected ball must leave the game unchanged.
/// In both, running totals never decrease and never exceed 300.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScoring(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)

  let text = String(decoding: bytes, as: UTF8.self)
  let tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
  do {
    checkInvariants(try RollParser.game(tokens))
  } catch {
    precondition(!error.description.isEmpty, "an error without a message")
  }

  var game = Game()
  var index = 0
  while index + 1 < bytes.count {
    let delivery = makeThrow(kind: bytes[index], value: bytes[index + 1])
    index += 2
    let before = game
    do {
      try game.record(delivery)
    } catch {
      precondition(game == before, "a rejected ball changed the game")
      precondition(!error.description.isEmpty, "an error without a message")
    }
    checkInvariants(game)
  }
  return 0
}

/// A throw from two bytes: the low two bits of `kind` choose a count, a pin set, or a foul.
func makeThrow(kind: UInt8, value: UInt8) -> Throw {
  let pins = PinSet(bits: UInt16(value) << 2 & 0b11_1111_1111 | UInt16(kind >> 6)) ?? .empty
  switch kind & 0b11 {
  case 0: return .count(Int(Int8(bitPattern: value)))
  case 1: return .knocked(pins)
  case 2: return .foul(knocked: pins)
  default: return Throw(.count(Int(value % 12)), isFoul: kind & 0b100 != 0)
  }
}

/// Running totals never decrease, never pass 300, and a complete game has ten frames.
func checkInvariants(_ game: Game) {
  var previous = 0
  for frame in game.frames {
    guard let cumulative = frame.cumulative else { continue }
    precondition(cumulative >= previous && cumulative <= 300, "a running total out of order")
    previous = cumulative
  }
  precondition(game.total <= 300, "a total above 300")
  precondition(game.frames.count <= 10, "more than ten frames")
  if game.isComplete {
    precondition(game.frames.count == 10, "a complete game without ten frames")
    precondition(game.frames.allSatisfy { $0.cumulative != nil }, "a complete game unscored")
  }
}
