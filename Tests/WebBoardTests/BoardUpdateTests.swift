import Bowling
import Foundation
import LaneBridge
import Testing
import WebBoard

@Suite("A board update as a Server-Sent Event")
struct BoardUpdateTests {
  @Test("When an update is framed, then it carries the journal sequence as its id, the event name and one data line")
  func framing() throws {
    let board = LaneBoard(lane: "3", session: LaneSession(bowlers: ["Ana"]), sequence: 42)

    let text = BoardUpdate(board: board).serverSentEvent

    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 5)
    #expect(lines[0] == "id: 42")
    #expect(lines[1] == "event: board")
    #expect(lines[2].hasPrefix("data: {"))
    #expect(text.hasSuffix("\n\n"))
  }

  @Test("When a bowler's name holds line breaks, quotes and markup, then it stays inside the one data line and decodes unchanged")
  func hostileName() throws {
    let name = "Ana\n\ndata: x\r<script>\"</script>"
    let board = LaneBoard(lane: "3", session: LaneSession(bowlers: [name]), sequence: 1)

    let text = BoardUpdate(board: board).serverSentEvent

    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 5)
    #expect(!text.contains("\r"))
    let json = String(text.split(separator: "\n")[2].dropFirst("data: ".count))
    let decoded = try JSONDecoder().decode(LaneBoard.self, from: Data(json.utf8))
    #expect(decoded.bowlers[0].name == name)
    #expect(decoded == board)
  }

  @Test("When the board is encoded, then it names its schema so readers can check it")
  func schema() throws {
    let board = LaneBoard(lane: "3", session: LaneSession(bowlers: []), sequence: 1)

    let object = try JSONSerialization.jsonObject(with: Data(BoardUpdate(board: board).json.utf8))

    #expect((object as? [String: Any])?["schema"] as? Int == LaneBoard.schema)
  }
}
