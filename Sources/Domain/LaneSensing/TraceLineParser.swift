import Bowling

/// Parses one trace line from its UTF-8 bytes, comparing keywords as bytes and allocating
/// nothing unless the line is malformed (the error quotes the offending word).
public enum TraceLineParser {
  /// The most bytes of a line's word an error message quotes; longer words are cut and end
  /// in `…`.
  public static let quotedLimit = 80

  /// Parses the bytes of one line, without its terminator: an event, or `nil` for a blank or
  /// comment-only line.
  public static func parse(
    _ line: UnsafeBufferPointer<UInt8>, number: Int
  ) -> Result<SensorEvent?, TraceError> {
    if let event = pinLine(line) { return .success(event) }
    var words = Words(line)
    guard let timeWord = words.next() else { return .success(nil) }
    guard let time = SensorInstant(secondsUTF8: UnsafeBufferPointer(rebasing: line[timeWord])) else {
      return .failure(TraceError(line: number, .malformedTime(quote(line, timeWord))))
    }
    guard let keyword = words.next() else {
      return .failure(TraceError(line: number, .missingEvent))
    }
    let kind: SensorEvent.Kind
    // Most lines are pin events: `pin(_:_:)` matches only `pin1` to `pin10`, which no other
    // keyword equals, so asking it first changes no result and saves four comparisons.
    if let pin = pin(line, keyword) {
      let word = words.next()
      if let word, equals(line, word, "down") {
        kind = .pin(pin, .down)
      } else if let word, equals(line, word, "up") {
        kind = .pin(pin, .standing)
      } else {
        return .failure(
          TraceError(line: number, .malformedPinLevel(word.map { quote(line, $0) })))
      }
    } else if equals(line, keyword, "ball") {
      kind = .ball
    } else if equals(line, keyword, "foul") {
      kind = .foul
    } else if equals(line, keyword, "cycle") {
      let word = words.next()
      if let word, equals(line, word, "on") {
        kind = .cycle(isOn: true)
      } else if let word, equals(line, word, "off") {
        kind = .cycle(isOn: false)
      } else {
        return .failure(TraceError(line: number, .malformedCycle(word.map { quote(line, $0) })))
      }
    } else if equals(line, keyword, "pins") {
      let digits = words.next()
      guard let digits, let standing = snapshot(line[digits]) else {
        return .failure(
          TraceError(line: number, .malformedSnapshot(digits.map { quote(line, $0) })))
      }
      kind = .snapshot(standing: standing)
    } else if startsWithPin(line, keyword) {
      return .failure(TraceError(line: number, .noSuchPin(quote(line, keyword))))
    } else {
      return .failure(TraceError(line: number, .unknownEvent(quote(line, keyword))))
    }
    if let extra = words.next() {
      return .failure(TraceError(line: number, .trailingText(quote(line, extra))))
    }
    return .success(SensorEvent(kind, at: time))
  }

  /// The commonest line, `SECONDS pinN down` or `SECONDS pinN up` with one space between
  /// the words and nothing after them, read in one pass; `nil` for any other line, which the
  /// words below then read (and would read as the same event).
  private static func pinLine(_ line: UnsafeBufferPointer<UInt8>) -> SensorEvent? {
    guard let base = line.baseAddress,
      let (time, space) = SensorInstant.leadingSeconds(base, count: line.count)
    else { return nil }
    let count = line.count
    // One space after the time, and `pinN up` is the shortest ending: seven bytes after it.
    guard count - space >= 8, base[space] == UInt8(ascii: " ") else { return nil }
    let word = base + space + 1
    let rest = count - space - 1
    guard word[0] == UInt8(ascii: "p"), word[1] == UInt8(ascii: "i"),
      word[2] == UInt8(ascii: "n")
    else { return nil }
    let pin: Pin
    let levelStart: Int
    if word[3] >= UInt8(ascii: "1"), word[3] <= UInt8(ascii: "9"), word[4] == UInt8(ascii: " ") {
      pin = Pin(rawValue: Int(word[3] &- UInt8(ascii: "0")))!
      levelStart = 5
    } else if rest >= 8, word[3] == UInt8(ascii: "1"), word[4] == UInt8(ascii: "0"),
      word[5] == UInt8(ascii: " ")
    {
      pin = Pin(rawValue: 10)!
      levelStart = 6
    } else {
      return nil
    }
    let level = word + levelStart
    switch rest - levelStart {
    case 4 where level[0] == UInt8(ascii: "d") && level[1] == UInt8(ascii: "o")
      && level[2] == UInt8(ascii: "w") && level[3] == UInt8(ascii: "n"):
      return SensorEvent(.pin(pin, .down), at: time)
    case 2 where level[0] == UInt8(ascii: "u") && level[1] == UInt8(ascii: "p"):
      return SensorEvent(.pin(pin, .standing), at: time)
    default:
      return nil
    }
  }

  /// Exactly `pin1` to `pin10`: no sign, no leading zero.
  private static func pin(_ line: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Pin? {
    guard word.count == 4 || word.count == 5,
      equals(line, word.lowerBound..<word.lowerBound + 3, "pin")
    else { return nil }
    let first = line[word.lowerBound + 3]
    if word.count == 4 {
      guard first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9") else { return nil }
      return Pin(rawValue: Int(first - UInt8(ascii: "0")))
    }
    guard first == UInt8(ascii: "1"), line[word.lowerBound + 4] == UInt8(ascii: "0") else {
      return nil
    }
    return Pin(rawValue: 10)
  }

  private static func snapshot(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> PinSet? {
    guard digits.count == 10 else { return nil }
    var standing = PinSet.empty
    var index = 0
    for byte in digits {
      switch byte {
      case UInt8(ascii: "1"): standing.insert(Pin.allCases[index])
      case UInt8(ascii: "0"): break
      default: return nil
      }
      index += 1
    }
    return standing
  }

  /// Whether the word starts with the character sequence `pin` (a combining mark after the
  /// `n` makes another character, as `String.hasPrefix` sees it).
  private static func startsWithPin(_ line: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
    guard word.count >= 3, equals(line, word.lowerBound..<word.lowerBound + 3, "pin") else {
      return false
    }
    guard word.count > 3, line[word.lowerBound + 3] >= 0x80 else { return true }
    return String(decoding: line[word], as: UTF8.self).hasPrefix("pin")
  }

  /// Whether the word's bytes are exactly the ASCII `keyword`'s.
  private static func equals(
    _ line: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, _ keyword: StaticString
  ) -> Bool {
    guard word.count == keyword.utf8CodeUnitCount, let base = line.baseAddress else {
      return false
    }
    // `word` lies within `line` (``Words`` made it), so the bytes are read unchecked.
    let found = base + word.lowerBound
    let expected = keyword.utf8Start
    for offset in 0..<word.count where found[offset] != expected[offset] {
      return false
    }
    return true
  }

  /// The word as text for an error message, cut to at most ``quotedLimit`` bytes on a
  /// character boundary and marked with `…` when cut; invalid UTF-8 is repaired.
  static func quote(_ line: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> String {
    guard word.count > quotedLimit else {
      return String(decoding: line[word], as: UTF8.self)
    }
    var end = word.lowerBound + quotedLimit
    // Back up to the start of a UTF-8 sequence (not a continuation byte 10xxxxxx).
    while end > word.lowerBound, line[end] & 0b1100_0000 == 0b1000_0000 { end -= 1 }
    return String(decoding: line[word.lowerBound..<end], as: UTF8.self) + "…"
  }
}

/// The whitespace-separated words of a line's bytes, as ranges, stopping at a `#` comment.
private struct Words {
  private let line: UnsafeBufferPointer<UInt8>
  private var index: Int

  init(_ line: UnsafeBufferPointer<UInt8>) {
    self.line = line
    self.index = 0
  }

  mutating func next() -> Range<Int>? {
    let end = line.count
    while index < end, Self.isSpace(line[index]) { index += 1 }
    guard index < end, line[index] != UInt8(ascii: "#") else { return nil }
    let start = index
    while index < end, !Self.isSpace(line[index]), line[index] != UInt8(ascii: "#") {
      index += 1
    }
    return start..<index
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }
}
