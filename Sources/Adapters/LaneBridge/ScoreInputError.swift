import Bowling
import Foundation

/// Why `lane score` cannot score its input, where, and the exit status that tells a script
/// which kind.
public struct ScoreInputError: Error, Hashable, Sendable {
  /// What is wrong.
  public enum Kind: Hashable, Sendable {
    /// The command line is malformed (exit status 64, `EX_USAGE`).
    case usage(RollError)
    /// The balls are readable but cannot have happened (exit status 65, `EX_DATAERR`).
    case impossible(ScoringError)
  }

  public let kind: Kind
  /// The game (from 1) when the input holds several, else `nil`.
  public let game: Int?
  /// The frame and ball the problem is at, when it is at one.
  public let position: BallPosition?
  /// The roll an impossible ball came from (usage errors name theirs in the message).
  public let token: String?

  public init(_ kind: Kind, game: Int?, position: BallPosition?, token: String? = nil) {
    self.kind = kind
    self.game = game
    self.position = position
    self.token = token
  }

  /// The sysexits.h status for this error.
  public var exitStatus: Int32 {
    switch kind {
    case .usage: ExitStatus.usage.rawValue
    case .impossible: ExitStatus.dataError.rawValue
    }
  }

  /// Where the problem is, `game 2, frame 4, ball 2`, or empty when nowhere in particular.
  public var location: String {
    var parts: [String] = []
    if let game { parts.append("game \(game)") }
    if let position { parts.append(position.description) }
    return parts.joined(separator: ", ")
  }

  /// What is wrong and what to do, without the location.
  public var reason: String {
    switch kind {
    case .usage(let error):
      return error.description
    case .impossible(let error):
      let located = error.description
      let prefix = "\(error.position): "
      let reason = located.hasPrefix(prefix) ? String(located.dropFirst(prefix.count)) : located
      return token.map { "\(reason) (roll \(RollError.quoted($0)))" } ?? reason
    }
  }

  /// The error as JSON for stderr under `--json`, one line, keys sorted:
  /// `{"error":{"ball":2,"frame":1,"game":null,"message":"…","status":65}}`.
  public func jsonText() -> String {
    struct Body: Encodable {
      let status: Int32
      let message: String
      let game: Int?
      let frame: Int?
      let ball: Int?

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(message, forKey: .message)
        try container.encode(game, forKey: .game)
        try container.encode(frame, forKey: .frame)
        try container.encode(ball, forKey: .ball)
      }

      enum CodingKeys: String, CodingKey { case status, message, game, frame, ball }
    }
    struct Envelope: Encodable { let error: Body }
    let envelope = Envelope(error: Body(
      status: exitStatus, message: description, game: game, frame: position?.frame,
      ball: position?.ball))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding strings and integers cannot fail.
    guard let data = try? encoder.encode(envelope) else { return #"{"error":{}}"# }
    return String(decoding: data, as: UTF8.self)
  }
}

extension ScoreInputError: CustomStringConvertible {
  /// `game 2, frame 4, ball 2: reason`, or the reason alone when it has no location.
  public var description: String {
    location.isEmpty ? reason : "\(location): \(reason)"
  }
}
