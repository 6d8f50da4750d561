import Foundation

/// A lane's answer to one ``ControlRequest``: one JSON object on one line, for example
/// `{"id":"7f3a","ok":true,"sequence":412,"v":1,"what":"pins 1-2-4 by Ana: 9 → 3"}` or
/// `{"error":"…","id":"7f3a","ok":false,"v":1}`.
///
/// A reply with `ok` true is sent only once the correction is durable in the journal.
public struct ControlReply: Hashable, Sendable, Codable {
  public var v: Int
  /// The request's id; absent when the request was too broken to carry one.
  public var id: String?
  public var ok: Bool
  /// The journal record the correction became.
  public var sequence: Int?
  /// What was done, in words.
  public var what: String?
  /// Why nothing was done.
  public var error: String?

  /// A correction journalled as record `sequence`.
  public static func done(id: String, sequence: Int, what: String) -> ControlReply {
    ControlReply(v: ControlRequest.version, id: id, ok: true, sequence: sequence, what: what)
  }

  /// Nothing done, and why.
  public static func refused(id: String?, because reason: String) -> ControlReply {
    ControlReply(v: ControlRequest.version, id: id, ok: false, error: reason)
  }

  /// The reply as one line, newline included.
  public var line: String { ControlRequest.encode(self) }

  /// Reads a reply line; `nil` when it is not a reply of this protocol's version.
  public static func parse(_ line: some Collection<UInt8>) -> ControlReply? {
    guard let reply = try? JSONDecoder().decode(ControlReply.self, from: Data(line)),
      reply.v == ControlRequest.version, reply.ok == (reply.error == nil)
    else { return nil }
    return reply
  }
}
