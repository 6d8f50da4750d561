import Bowling
import Foundation

/// A correction typed at the live console of `lane run`: a letter, then Enter.
///
/// `u` undo, `f` foul on or off, `d` dead ball, `p 1,2,4` the pins the last ball knocked
/// down (`p -` for none), `h` or `?` the list of commands.
public enum ConsoleCommand: Hashable, Sendable {
  case correct(Correction)
  /// Marks the last delivery a foul, or clears the foul it has.
  case toggleFoul
  case help

  /// Why a typed line is not a command.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The commands, one line for the operator.
  public static let summary =
    "commands: u undo, f foul on/off, d dead ball, p PINS set the last ball's pins"
    + " (p 1,2,4 or p - for none), then Enter"

  /// The command on a typed line, or `nil` for a blank line.
  ///
  /// - Throws: ``ParseError`` saying what was not understood.
  public static func parse(_ line: String) throws(ParseError) -> ConsoleCommand? {
    let words = line.split(whereSeparator: \.isWhitespace)
    guard let first = words.first else { return nil }
    switch first.lowercased() {
    case "u" where words.count == 1: return .correct(.undo)
    case "f" where words.count == 1: return .toggleFoul
    case "d" where words.count == 1: return .correct(.deadBall)
    case "h" where words.count == 1, "?" where words.count == 1: return .help
    case "p":
      return .correct(.setPins(try pins(from: words.dropFirst().joined(separator: ","))))
    default:
      throw ParseError(description: "'\(line)' is not a command; \(summary)")
    }
  }

  /// The correction the command makes on `session`; `nil` for help, which corrects nothing.
  public func correction(in session: LaneSession) -> Correction? {
    switch self {
    case .correct(let correction): correction
    case .toggleFoul: .foul(!(session.deliveries.last?.isFoul ?? false))
    case .help: nil
    }
  }

  /// Pin numbers separated by commas, spaces or dashes (`1,2,4`, `7-10`); `-` for none.
  ///
  /// - Throws: ``ParseError`` naming what is not a pin number from 1 to 10.
  public static func pins(from text: String) throws(ParseError) -> PinSet {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed == "-" { return .empty }
    let parts = trimmed.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "-" })
    guard !parts.isEmpty else {
      throw ParseError(description: "no pins given; give pin numbers like 1,2,4 or - for none")
    }
    var pins = PinSet.empty
    for part in parts {
      guard let number = Int(part), let pin = Pin(rawValue: number) else {
        throw ParseError(description: "'\(part)' is not a pin number from 1 to 10")
      }
      pins.insert(pin)
    }
    return pins
  }
}
