import Bowling
import LaneBridge
import Testing
import WebBoard
import WebServer

@Suite("The board hub between the lane loop and the pages")
struct BoardHubTests {
  static func update(lane: String = "1", sequence: Int) -> BoardUpdate {
    BoardUpdate(board: LaneBoard(lane: lane, session: LaneSession(bowlers: ["Ana"]), sequence: sequence))
  }

  @Test("When a page starts listening, then it is sent the lane's current board first")
  func currentFirst() async {
    let hub = BoardHub()
    hub.publish(Self.update(sequence: 4))

    var updates = hub.listen(to: "1").makeAsyncIterator()

    #expect(await updates.next()?.id == 4)
  }

  @Test("When a board is published, then only the pages of that lane and the desk get it")
  func routing() async {
    let hub = BoardHub()
    let laneOne = hub.listen(to: "1")
    let laneTwo = hub.listen(to: "2")
    let desk = hub.listen(to: nil)

    hub.publish(Self.update(lane: "2", sequence: 7))
    hub.close()

    #expect(await Array(laneOne).map(\.id) == [])
    #expect(await Array(laneTwo).map(\.id) == [7])
    #expect(await Array(desk).map(\.board.lane) == ["2"])
  }

  @Test("When a page reads nothing and its buffer fills, then it is dropped and publishing goes on for the others")
  func slowPageDropped() async {
    let hub = BoardHub(bufferLimit: 8)
    let stuck = hub.listen(to: "1")
    var reader = hub.listen(to: "1").makeAsyncIterator()
    var read: [Int] = []

    for sequence in 1...20 {
      hub.publish(Self.update(sequence: sequence))
      if let update = await reader.next() { read.append(update.id) }
    }

    #expect(hub.droppedListeners == 1)
    #expect(hub.listenerCount == 1)
    #expect(read == Array(1...20))
    // The dropped page's stream ends after what it had buffered: it reconnects and is
    // sent the current board.
    #expect(await Array(stuck).map(\.id) == Array(1...8))
  }

  @Test("When a page goes away, then it is no longer listening")
  func vanished() {
    let hub = BoardHub()
    do {
      let stream = hub.listen(to: "1")
      #expect(hub.listenerCount == 1)
      _ = stream
    }

    #expect(hub.listenerCount == 0)
  }

  @Test("When the desk asks for the boards, then every lane is there in the order it first appeared")
  func boards() {
    let hub = BoardHub()
    hub.publish(Self.update(lane: "3", sequence: 1))
    hub.publish(Self.update(lane: "1", sequence: 1))
    hub.publish(Self.update(lane: "3", sequence: 2))

    #expect(hub.boards.map(\.lane) == ["3", "1"])
    #expect(hub.board("3")?.sequence == 2)
    #expect(hub.board("9") == nil)
  }
}
