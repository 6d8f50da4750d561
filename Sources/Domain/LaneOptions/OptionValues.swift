import Centre
import Foundation
import LaneSensing

/// The checks of `lane`'s option values, as pure functions from what was typed to the value
/// or an ``OptionValueError``: the executable's option groups call them, and a fuzz target
/// can reach them (the executable cannot be imported).
public enum OptionValues {
  // MARK: - The session

  /// `--bowlers`: names separated by commas, each trimmed of spaces and not empty.
  public static func bowlers(_ text: String) throws(OptionValueError) -> [String] {
    let names = bowlerNames(text)
    if names.isEmpty || names.contains(where: \.isEmpty) {
      throw OptionValueError("--bowlers takes names separated by commas, e.g. \"Ana,Ben,Cho\"")
    }
    return names
  }

  /// The names in `--bowlers` as given, unchecked: split at commas and trimmed of spaces.
  ///
  /// Split at every comma character (U+002C), even one that a preceding character joins into
  /// one grapheme (U+0600 before a comma is a single `Character`), so no name holds a comma.
  public static func bowlerNames(_ text: String) -> [String] {
    text.unicodeScalars.split(separator: ",").map {
      String(String.UnicodeScalarView($0)).trimmingCharacters(in: .whitespaces)
    }
  }

  // MARK: - The lane and the centre

  /// `--lane` (or another option or argument naming a lane, `option`): the lane's id
  /// (``LaneID``).
  public static func lane(_ text: String, option: String = "--lane") throws(OptionValueError) -> LaneID {
    do {
      return try LaneID(text)
    } catch {
      throw OptionValueError("\(option) '\(InputExcerpt.clipped(text))' is not a lane name: 1-32 of a-z A-Z 0-9 - _, not desk")
    }
  }

  /// `lane records import --pair`: a league night's pair, `LEFT+RIGHT`, two different
  /// lanes' ids (``Payload/Pair/init(name:)``).
  public static func pair(_ text: String) throws(OptionValueError) -> Payload.Pair {
    guard let pair = Payload.Pair(name: text) else {
      throw OptionValueError(
        "--pair '\(InputExcerpt.clipped(text))' is not a pair: two different lane names joined by +, the left lane first, e.g. lane7+lane8")
    }
    return pair
  }

  /// `--lane-name`, the deprecated alias of `--lane`: the lane's id.
  public static func deprecatedLaneName(_ text: String) throws(OptionValueError) -> LaneID {
    do {
      return try LaneID(text)
    } catch {
      throw OptionValueError(
        "--lane-name (now --lane) takes 1 to 32 letters, digits, - or _ (it is part of the page's address), e.g. 7")
    }
  }

  /// The credentials and TLS files go with `--broker`.
  public static func checkBrokerFiles(
    broker: String?, credentials: String?, cafile: String?, certfile: String?, keyfile: String?
  ) throws(OptionValueError) {
    if broker == nil && (credentials != nil || cafile != nil || certfile != nil || keyfile != nil) {
      throw OptionValueError("--mqtt-credentials, --cafile, --certfile and --keyfile go with --broker")
    }
  }

  /// `--http-public` goes with `--http`.
  public static func checkHTTPPublic(http: String?, httpPublic: Bool) throws(OptionValueError) {
    if httpPublic && http == nil { throw OptionValueError("--http-public goes with --http") }
  }

  // MARK: - The replay and the detector

  /// The paces `--speed` takes: from a tenth of the trace's pace (a stop is still noticed
  /// within ten seconds) to a thousand times it.
  public static let speeds: ClosedRange<Double> = 0.1...1000

  /// `--speed`: a pace within ``speeds``.
  public static func speed(_ value: Double) throws(OptionValueError) -> Double {
    guard speeds.contains(value) else {
      throw OptionValueError(
        "--speed must be a number from 0.1 to 1000 (times the trace's pace), e.g. 20")
    }
    return value
  }

  /// `--settle`, `--bounce`, `--max-delivery`: a non-negative number of seconds, read exactly
  /// (`0.0015` is 1.5 ms); `nil` when it is not one.
  public static func seconds(_ text: String) -> Duration? {
    SensorInstant(seconds: text).map { $0 - .zero }
  }

  /// The detector's windows together: a settle window above zero and a longest delivery no
  /// shorter than it.
  public static func checkDetectorWindows(
    settle: Duration?, maxDelivery: Duration?
  ) throws(OptionValueError) {
    if let settle, settle == .zero {
      throw OptionValueError("--settle must be more than 0 seconds")
    }
    if let settle, let maxDelivery, maxDelivery < settle {
      throw OptionValueError("--max-delivery must be at least --settle")
    }
  }

  // MARK: - The desk

  /// `lane desk --request-id`: 1-64 of `a-z A-Z 0-9 - _`.
  public static func requestID(_ text: String) throws(OptionValueError) -> String {
    guard Payload.isValidRequestID(text) else {
      throw OptionValueError("--request-id must be 1-64 of a-z A-Z 0-9 - _")
    }
    return text
  }

  /// `lane desk --correct`: `pins:1,2,4` (distinct pins 1-10), `foul`,
  /// `no-foul`, `dead-ball` or `undo`, as the command with request id `id`.
  public static func deskCorrection(_ text: String, id: String) throws(OptionValueError) -> Payload.Command {
    guard let command = deskCommand(text, id: id) else {
      throw OptionValueError(
        "--correct takes pins:1,2,4, foul, no-foul, dead-ball or undo, not '\(InputExcerpt.clipped(text))'")
    }
    return command
  }

  /// `lane desk send LANE start-session NAMES`: the bowlers separated by commas, checked as
  /// the lane checks them (their number, length and characters).
  public static func deskStartSession(_ text: String, id: String) throws(OptionValueError) -> Payload.Command {
    let command = Payload.Command(id: id, action: .startSession, bowlers: bowlerNames(text))
    do {
      try CentreMessage.validate(command)
    } catch {
      throw OptionValueError("start-session: \(error)")
    }
    return command
  }

  private static func deskCommand(_ text: String, id: String) -> Payload.Command? {
    let simple: [String: Payload.Command.Correction] = [
      "foul": .foul, "no-foul": .noFoul, "dead-ball": .deadBall, "undo": .undo,
    ]
    if let correction = simple[text] { return Payload.Command(id: id, action: .correct, correction: correction) }
    guard text.hasPrefix("pins:") else { return nil }
    let numbers = text.dropFirst(5).split(separator: ",", omittingEmptySubsequences: false)
      .map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard numbers.allSatisfy({ $0.map((1...10).contains) == true }) else { return nil }
    let pins = numbers.compactMap { $0 }
    guard Set(pins).count == pins.count else { return nil }
    return Payload.Command(id: id, action: .correct, correction: .pins, pins: pins)
  }

  // MARK: - Calibration

  /// The highest line offset there can be: the kernel counts a chip's lines in 16 bits.
  public static let highestLineOffset = 65_535

  /// `lane calibrate --lines`: offsets and ranges such as `2-27` or `4,17,22`, in order,
  /// each offset once, none above ``highestLineOffset`` (a range is checked before it is
  /// listed, so `0-99999999999999` is refused, not listed).
  public static func lineOffsets(_ text: String) throws(OptionValueError) -> [Int] {
    let malformed = OptionValueError("--lines takes offsets and ranges such as 2-27 or 4,17,22.")
    var offsets: [Int] = []
    var seen: Set<Int> = []
    for part in text.split(separator: ",") {
      let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
      guard (1...2).contains(bounds.count),
        let low = Int(bounds[0].trimmingCharacters(in: .whitespaces)),
        let high = Int(bounds[bounds.count - 1].trimmingCharacters(in: .whitespaces)),
        low >= 0, low <= high
      else { throw malformed }
      guard high <= highestLineOffset else {
        throw OptionValueError(
          "--lines takes offsets from 0 to 65535 (a chip's lines), such as 2-27 or 4,17,22.")
      }
      for offset in low...high where seen.insert(offset).inserted { offsets.append(offset) }
    }
    guard !offsets.isEmpty else { throw malformed }
    return offsets
  }
}
