import Testing

@testable import Centre

/// A shell that does whatever the machine asks, at once and successfully, and records it.
struct PerfectShell {
  var machine: LaneLinkMachine
  var now: Duration = .zero
  /// Every action done, in order.
  var log: [LaneLinkMachine.Action] = []

  init(
    session: String = "s1", recorded: Int = 0, acknowledged: Int = 0,
    closed: [LaneOutbox] = [], timing: LaneLinkMachine.Timing = .init(persistBatch: 2)
  ) {
    let open = LaneOutbox(session: session, lastRecorded: recorded, acknowledged: acknowledged)
    machine = LaneLinkMachine(
      lane: try! LaneID("lane1"), epoch: 7, version: "test",
      outboxes: SessionOutboxes(closed: closed, open: open, persisted: closed.first?.session ?? session),
      persists: true, timing: timing, at: .zero)
  }

  mutating func take(_ input: LaneLinkMachine.Input) {
    machine.take(input, at: now)
  }

  /// Does every action until none is left; a `connect` fails when `brokerUp` is false.
  @discardableResult
  mutating func drain(brokerUp: Bool = true) -> [LaneLinkMachine.Action] {
    var done: [LaneLinkMachine.Action] = []
    while let action = machine.nextAction(at: now), done.count < 10_000 {
      done.append(action)
      switch action {
      case .publishEvents(let session, let seqs, _):
        take(.sent(session: session, upTo: seqs.upperBound))
      case .connect:
        take(brokerUp ? .connected : .connectFailed)
      default:
        take(.done(action))
      }
    }
    log += done
    return done
  }

  /// The seqs published on `…/events` by `actions`.
  static func events(_ actions: [LaneLinkMachine.Action]) -> [Int] {
    actions.flatMap { action -> [Int] in
      if case .publishEvents(_, let seqs, _) = action { Array(seqs) } else { [] }
    }
  }

  mutating func record(upTo seq: Int, in session: String = "s1") {
    take(.recorded(session: session, upTo: seq))
  }

  mutating func advance(to instant: Duration) {
    now = instant
    take(.tick)
  }
}

@Suite("A lane's centre link as a state machine")
struct LaneLinkMachineTests {
  @Suite("Given a link that never connected")
  struct NeverConnected {
    var shell = PerfectShell(recorded: 3)

    @Test("When it starts, then it tries the broker at once and publishes nothing")
    func triesAtOnce() {
      #expect(shell.machine.nextAction(at: .zero) == .connect)
    }

    @Test("When the broker is down, then it tries again every 2 s and waits for nothing else")
    mutating func retries() {
      shell.drain(brokerUp: false)

      #expect(shell.machine.nextAction(at: .zero) == nil)
      #expect(shell.machine.nextDeadline(at: .zero) == .seconds(2))
      #expect(shell.machine.nextAction(at: .seconds(2)) == .connect)
    }

    @Test("When a connection comes up, then it subscribes, publishes every record, then the status")
    mutating func connects() {
      let done = shell.drain()

      #expect(done.first == .connect)
      #expect(done.dropFirst().first == .subscribe)
      #expect(PerfectShell.events(done) == [1, 2, 3])
      guard case .publishStatus(let status)? = done.last else {
        Issue.record("no status last: \(done)")
        return
      }
      #expect(status.lastSeq == 3 && status.state == .online && status.epoch == 7)
    }

    @Test("When it is asked to stop, then it is finished at once and tries no connection")
    mutating func stopsAtOnce() {
      shell.take(.stop(deadline: .seconds(10)))

      #expect(shell.machine.isFinished(at: .zero))
      #expect(shell.machine.nextAction(at: .seconds(3)) == nil)
    }
  }

  @Suite("Given a connected link that published seqs 1 to 3")
  struct Published {
    var shell = PerfectShell(recorded: 3)

    init() {
      shell.drain()
    }

    @Test("When the connection is lost, then nothing is published until it is back, then 1 to 3 again")
    mutating func lostAndBack() {
      shell.take(.disconnected)
      shell.record(upTo: 4)

      #expect(shell.drain().isEmpty)

      shell.take(.connected)
      let again = shell.drain()

      #expect(again.first == .subscribe)
      #expect(PerfectShell.events(again) == [1, 2, 3, 4])
    }

    @Test("When the desk acknowledges 2 and the connection comes back, then only 3 goes again")
    mutating func acknowledgedNotAgain() {
      shell.take(.acknowledged(Payload.Ack(session: "s1", upto: 2)))
      shell.take(.disconnected)
      shell.take(.connected)

      #expect(PerfectShell.events(shell.drain()) == [3])
    }

    @Test("When no acknowledgement comes for 5 s, then 1 to 3 go again")
    mutating func acknowledgementTimeout() {
      #expect(shell.machine.nextDeadline(at: .seconds(1)) == .seconds(5))

      shell.advance(to: .seconds(5))

      #expect(PerfectShell.events(shell.drain()) == [1, 2, 3])
    }

    @Test("When the desk acknowledges everything, then nothing waits for time but the desk's status")
    mutating func nothingWaits() {
      shell.take(.acknowledged(Payload.Ack(session: "s1", upto: 3)))
      shell.drain()

      #expect(shell.machine.nextDeadline(at: .seconds(1)) == .seconds(5))  // the desk's status
      shell.take(.deskStatus(.online))
      #expect(shell.machine.nextDeadline(at: .seconds(1)) == nil)
    }

    @Test("When the desk acknowledges 2, then it is written to the lane's disk (batches of 2)")
    mutating func persists() {
      shell.take(.acknowledged(Payload.Ack(session: "s1", upto: 2)))

      #expect(shell.drain() == [.persist(Payload.Ack(session: "s1", upto: 2))])
    }

    @Test("When the desk acknowledges more than was recorded, then it is refused and told once")
    mutating func forgedAcknowledgement() {
      shell.take(.acknowledged(Payload.Ack(session: "s1", upto: 9)))
      shell.take(.acknowledged(Payload.Ack(session: "s1", upto: 9)))
      let done = shell.drain()

      #expect(done.filter { if case .report = $0 { true } else { false } }.count == 1)
      #expect(shell.machine.outboxes.open.acknowledged == 0)
      guard case .publishStatus(let status)? = done.last else {
        Issue.record("no status after the fault: \(done)")
        return
      }
      #expect(status.faults?.count == 1)
    }

    @Test("When the desk asks a resend from 2, then it is answered and 2 and 3 go again")
    mutating func resendRequest() {
      shell.take(.command(Payload.Command(id: "r1", action: .resend, from: 2), doneBefore: nil))
      let done = shell.drain()

      #expect(
        done.first
          == .reply(Payload.Reply(id: "r1", ok: true, message: "publishing session s1 again from seq 2")))
      #expect(PerfectShell.events(done) == [2, 3])
    }

    @Test("When the broker refuses a publish, then nothing more goes out on that connection")
    mutating func refused() {
      shell.record(upTo: 5)
      guard case .publishEvents(let session, _, _)? = shell.machine.nextAction(at: .zero) else {
        Issue.record("nothing to publish")
        return
      }
      let action = LaneLinkMachine.Action.publishEvents(session: session, seqs: 4...5, ahead: false)
      shell.take(.publishFailed(action, refused: "refused (135)", stillConnected: true))

      #expect(shell.drain() == [.report("refused (135)")])

      shell.take(.disconnected)
      shell.take(.connected)
      #expect(PerfectShell.events(shell.drain()) == [1, 2, 3, 4, 5])
    }

    @Test("When a publish times out on a connection still up, then everything unacknowledged goes again")
    mutating func timedOut() {
      shell.record(upTo: 4)
      let action = LaneLinkMachine.Action.publishEvents(session: "s1", seqs: 4...4, ahead: false)
      shell.take(.publishFailed(action, refused: nil, stillConnected: true))

      #expect(PerfectShell.events(shell.drain()) == [1, 2, 3, 4])
    }

    @Test("When the board changes, then it is published once, retained")
    mutating func board() {
      shell.take(.board(games: .array([]), seq: 3))
      let board = Payload.Board(lane: try! LaneID("lane1"), session: "s1", seq: 3, games: .array([]))

      #expect(shell.drain() == [.publishBoard(board)])
      #expect(shell.drain().isEmpty)
    }
  }

  @Suite("Given a desk command")
  struct Commands {
    var shell = PerfectShell(recorded: 3)

    init() {
      shell.drain()
    }

    @Test("When a correction comes, then it is handed to the lane loop once and answered when done")
    mutating func correction() {
      let command = Payload.Command(id: "r7", action: .correct, correction: .pins, pins: [1, 2])
      shell.take(.command(command, doneBefore: nil))
      shell.take(.command(command, doneBefore: nil))  // repeated while the loop works on it

      #expect(shell.drain() == [.ask(id: "r7", .correct(.pins([1, 2])), author: "desk/r7")])

      shell.take(.answered(id: "r7", .done(sequence: 4, change: "pins 1, 2")))

      #expect(
        shell.drain() == [.reply(Payload.Reply(id: "r7", ok: true, message: "corrected (record 4): pins 1, 2"))])
    }

    @Test("When a request's id was done before, then it is answered from the journal, not run again")
    mutating func doneBefore() {
      shell.take(
        .command(
          Payload.Command(id: "r7", action: .endSession),
          doneBefore: .init(session: "s0", seq: 12)))

      #expect(
        shell.drain() == [
          .reply(
            Payload.Reply(id: "r7", ok: true, message: "already done as record 12 of session s0; not run again"))
        ])
    }

    @Test("When the lane loop refuses a start, then the reply says why")
    mutating func refusedStart() {
      shell.take(.command(Payload.Command(id: "r8", action: .startSession, bowlers: ["Ana"]), doneBefore: nil))
      #expect(shell.drain() == [.ask(id: "r8", .startSession(bowlers: ["Ana"]), author: "desk/r8")])

      shell.take(.answered(id: "r8", .refused("a session is running")))

      #expect(shell.drain() == [.reply(Payload.Reply(id: "r8", ok: false, message: "refused: a session is running"))])
    }

    @Test("When the connection is down, then a reply is not kept for later")
    mutating func replyLost() {
      shell.take(.disconnected)
      shell.take(.command(Payload.Command(id: "r1", action: .resend, from: 1), doneBefore: nil))
      shell.take(.connected)

      #expect(!shell.drain().contains { if case .reply = $0 { true } else { false } })
    }
  }

  @Suite("Given an ended session the desk lacks and a new one")
  struct TwoSessions {
    var shell = PerfectShell(
      session: "s2", recorded: 2,
      closed: [LaneOutbox(session: "s1", lastRecorded: 3, acknowledged: 1)])

    @Test("When the desk's status has not come, then the new session waits 5 s, then goes ahead")
    mutating func waitsForTheDesk() {
      #expect(PerfectShell.events(shell.drain()) == [2, 3])
      #expect(shell.machine.nextDeadline(at: .seconds(1)) == .seconds(5))

      shell.advance(to: .seconds(5))
      let later = shell.drain()

      #expect(later.contains(.publishEvents(session: "s2", seqs: 1...2, ahead: true)))
    }

    @Test("When the desk is online, then the new session waits for the ended one's acknowledgement")
    mutating func deskOnline() {
      shell.drain()
      shell.take(.deskStatus(.online))
      #expect(PerfectShell.events(shell.drain()) == [2, 3])  // everything unacknowledged again

      shell.take(.acknowledged(Payload.Ack(session: "s1", upto: 3)))
      let done = shell.drain()

      #expect(done.contains(.persist(Payload.Ack(session: "s2", upto: 0))))
      #expect(done.contains(.publishEvents(session: "s2", seqs: 1...2, ahead: false)))
    }
  }

  @Suite("Given a backlog of 100 records and a window of 32 (rule 9)")
  struct Backlog {
    var shell = PerfectShell(recorded: 100, timing: .init(persistBatch: 2, window: 32))

    init() {
      shell.drain()  // connected, with the desk's status not yet known: it is awaited
    }

    @Test("When the desk is online, then 32 are out and each acknowledgement lets as many more out")
    mutating func pacedByTheDesk() {
      shell.take(.deskStatus(.online))
      #expect(PerfectShell.events(shell.drain()) == Array(1...32))  // everything unacknowledged again

      shell.take(.acknowledged(Payload.Ack(session: "s1", upto: 10)))
      #expect(PerfectShell.events(shell.drain()) == Array(33...42))

      shell.take(.acknowledged(Payload.Ack(session: "s1", upto: 42)))
      #expect(PerfectShell.events(shell.drain()) == Array(43...74))
    }

    @Test("When the window stays full, then after 5 s without an acknowledgement the same 32 go again")
    mutating func fullWindowTimesOut() {
      shell.take(.deskStatus(.online))
      shell.drain()
      #expect(shell.machine.nextDeadline(at: .seconds(1)) == .seconds(5))

      shell.advance(to: .seconds(5))

      #expect(PerfectShell.events(shell.drain()) == Array(1...32))
    }

    @Test("When no desk is online, then every record goes out for the displays, unpaced")
    mutating func noDeskNoWindow() {
      shell.take(.deskStatus(.offline))

      #expect(PerfectShell.events(shell.drain()) == Array(33...100))
    }
  }

  @Suite("Given a stopping link")
  struct Stopping {
    var shell = PerfectShell(recorded: 3)

    init() {
      shell.drain()
      shell.take(.deskStatus(.online))
      shell.drain()
      shell.take(.stop(deadline: .seconds(10)))
    }

    @Test("When the desk has not acknowledged, then it publishes again and waits until the deadline")
    mutating func waits() {
      shell.advance(to: .seconds(9))

      #expect(PerfectShell.events(shell.drain()) == [1, 2, 3])
      #expect(!shell.machine.isFinished(at: .seconds(9)))
      #expect(shell.machine.nextDeadline(at: .seconds(9)) == .seconds(10))
      #expect(shell.machine.isFinished(at: .seconds(10)))
    }

    @Test("When the desk acknowledges everything, then it is finished, the acknowledgement on disk")
    mutating func acknowledged() {
      shell.take(.acknowledged(Payload.Ack(session: "s1", upto: 3)))

      #expect(shell.drain() == [.persist(Payload.Ack(session: "s1", upto: 3))])
      #expect(shell.machine.isFinished(at: .seconds(1)))
    }

    @Test("When the connection is lost, then it is finished and tries no new one")
    mutating func lost() {
      shell.take(.disconnected)

      #expect(shell.machine.isFinished(at: .seconds(1)))
      #expect(shell.drain().isEmpty)
    }
  }
}
