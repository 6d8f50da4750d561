import Foundation

/// One message of a lane's event stream: the whole board after an event, so a page that
/// missed messages is right again with the next one.
///
/// Its ``id`` is the board's journal sequence number, the Server-Sent Events `id` a page
/// sends back as `Last-Event-ID` when it reconnects. Several events can share a sequence
/// number (a ball and the next bowler up), and boards are whole, so a reconnecting page is
/// always sent the current board first: a repeat is harmless and nothing is missed.
public struct BoardUpdate: Hashable, Sendable {
  public var board: LaneBoard

  public init(board: LaneBoard) {
    self.board = board
  }

  /// The event id: the journal sequence number.
  public var id: Int { board.sequence }

  /// The board as compact JSON, keys sorted.
  public var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding plain strings, numbers and arrays cannot fail.
    guard let data = try? encoder.encode(board) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The message as Server-Sent Events frame it: `id`, `event: board` and one `data` line.
  ///
  /// JSON from the encoder holds no raw line break, so one `data` line carries it whole.
  public var serverSentEvent: String {
    "id: \(id)\nevent: board\ndata: \(json)\n\n"
  }
}
