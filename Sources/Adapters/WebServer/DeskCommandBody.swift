import Centre
import Foundation

/// A command a page or tool posts to `/api/lanes/<lane>/commands`: the centre's command
/// payload (docs/centre.md), its `v` and `id` added when absent, its `user` always the
/// signed-in user's; checked as the lane will check it before anything is sent.
enum DeskCommandBody {
  /// Why a body is not a command.
  struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  /// The command `body` asks for, sent by `user` to `lane`.
  ///
  /// - Throws: ``Refusal`` for a body that is not a JSON object or not a valid command.
  static func command(from body: [UInt8], user: String, lane: LaneID) throws(Refusal) -> Payload.Command {
    guard case .object(var fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else {
      throw Refusal(description: "The body is not a JSON object: send the command as in docs/centre.md, {\"action\":\"end-session\"}.")
    }
    if fields["v"] == nil { fields["v"] = .number(Double(Payload.version)) }
    if fields["id"] == nil { fields["id"] = .string("web-" + DeskGate.randomToken(words: 1)) }
    fields["user"] = .string(user)
    let payload: [UInt8]
    do {
      payload = Array(try JSONEncoder().encode(JSONValue.object(fields)))
    } catch {
      throw Refusal(description: "The command cannot be encoded again: \(error)")
    }
    let message: CentreMessage
    do {
      message = try CentreMessage.decode(topic: Topic.commands(lane).name, payload: payload)
    } catch {
      throw Refusal(description: "Not a command a lane takes: \(error).")
    }
    guard case .command(_, let command) = message else { throw Refusal(description: "The body is not a command.") }
    return command
  }
}
