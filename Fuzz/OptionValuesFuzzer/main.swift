import Centre
import LaneOptions

// `@_cdecl` goes against STYLE.md's "no underscored attributes" on purpose: it is the only way
// Swift can export a function under the C name libFuzzer calls, `LLVMFuzzerTestOneInput`.

/// Gives arbitrary text to one of `lane`'s option checks (the first byte says which) and
/// checks its promises: a value it takes is one the option means, and a value it refuses
/// gets a message that names the option.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptionValues(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
  switch bytes[0] % 8 {
  case 0:
    check("--bowlers") {
      let names = try OptionValues.bowlers(text)
      precondition(!names.isEmpty, "no bowlers taken")
      for name in names {
        precondition(!name.isEmpty && !name.contains(","), "a bowler's name that is empty or holds a comma")
        precondition(name.first != " " && name.last != " ", "a name not trimmed")
      }
    }
  case 1:
    check("--lane") {
      let lane = try OptionValues.lane(text)
      precondition(lane.rawValue == text, "the lane taken is not the one given")
      precondition((1...32).contains(text.utf8.count), "a lane id of the wrong length")
    }
    check("--lane-name") { _ = try OptionValues.deprecatedLaneName(text) }
  case 2:
    guard let value = Double(text) else { return 0 }
    check("--speed") {
      let speed = try OptionValues.speed(value)
      precondition(speed.isFinite && OptionValues.speeds.contains(speed), "a speed out of range")
    }
  case 3:
    // Two durations, split at the first space: --settle and --max-delivery.
    let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
    let durations = parts.map(OptionValues.seconds)
    for duration in durations.compactMap({ $0 }) {
      precondition(duration >= .zero, "negative seconds")
    }
    let settle = durations.first ?? nil
    let maxDelivery = durations.count > 1 ? durations[1] : nil
    check("--") {
      try OptionValues.checkDetectorWindows(settle: settle, maxDelivery: maxDelivery)
      if let settle { precondition(settle > .zero, "a settle window of zero taken") }
      if let settle, let maxDelivery { precondition(maxDelivery >= settle, "deliveries shorter than settling") }
    }
  case 4:
    check("--request-id") {
      let id = try OptionValues.requestID(text)
      precondition((1...64).contains(id.utf8.count), "a request id of the wrong length")
    }
  case 5:
    check("--correct") {
      let command = try OptionValues.deskCorrection(text, id: "fuzz")
      precondition(command.action == .correct, "not a correction")
      if let pins = command.pins {
        precondition(pins.allSatisfy((1...10).contains) && Set(pins).count == pins.count, "pins out of range or repeated")
      }
    }
  case 6:
    check("--lines") {
      let offsets = try OptionValues.lineOffsets(text)
      precondition(!offsets.isEmpty && offsets.allSatisfy { $0 >= 0 }, "no lines or a negative offset")
    }
  default:
    let broker: String? = text.isEmpty ? nil : text
    check("--") {
      try OptionValues.checkBrokerFiles(
        broker: broker, credentials: "c", cafile: nil, certfile: nil, keyfile: nil)
      precondition(broker != nil, "credentials taken without a broker")
    }
    check("--http-public") {
      try OptionValues.checkHTTPPublic(http: broker, httpPublic: true)
      precondition(broker != nil, "--http-public taken without --http")
    }
  }
  return 0
}

/// Runs one check; a refusal must say which option it refuses.
func check(_ option: String, _ body: () throws -> Void) {
  do {
    try body()
  } catch let error as OptionValueError {
    precondition(error.message.hasPrefix(option), "a refusal that does not name \(option)")
  } catch {
    preconditionFailure("a refusal that is not an OptionValueError: \(error)")
  }
}
