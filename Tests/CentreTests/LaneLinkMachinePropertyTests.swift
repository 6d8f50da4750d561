import PropertyBased
import Testing

@testable import Centre

/// What happens next around the link, in ``LinkHistory``.
private enum LinkStep: Int, CaseIterable {
  /// The journal makes one more record durable.
  case record
  /// The broker accepts the connection (a first one, or the client's reconnect).
  case connect
  /// The connection is lost.
  case disconnect
  /// The shell does the machine's next action (publishing, subscribing, writing).
  case act
  /// The desk acknowledges what reached it.
  case acknowledge
  /// A second passes; the shell ticks when a deadline is due.
  case wait
  /// The desk's retained status says it is online.
  case deskOnline
}

/// One lane's link with a broker that delivers every event published to a desk, and a desk
/// that acknowledges what it has in order (``DeskConsumer``).
private struct LinkHistory {
  var shell = PerfectShell(recorded: 0, timing: .init(persistBatch: 2, window: 4))
  var recorded = 0
  var desk = DeskConsumer()
  /// What the lane was told the desk has.
  var acknowledged = 0
  /// Where in ``published`` the last connection came up.
  var lastConnect = 0
  /// Each event published, in order.
  var published: [Int] = []
  /// Seqs published after the desk had acknowledged them (never, without resend requests).
  var republishedAcknowledged: [Int] = []
  /// Instants at which a tick at the machine's deadline changed nothing: a busy loop.
  var idleDeadlines: [Duration] = []
  /// Seqs published beyond the window past the acknowledgement while the desk was online or
  /// awaited (rule 9).
  var beyondWindow: [Int] = []

  mutating func take(_ step: LinkStep) {
    switch step {
    case .record:
      recorded += 1
      shell.record(upTo: recorded)
    case .connect:
      if !shell.machine.isConnected { lastConnect = published.count }
      shell.take(.connected)
    case .disconnect:
      shell.take(.disconnected)
    case .act:
      act()
    case .acknowledge:
      guard let ack = desk.acknowledgement(.init(lane: shell.machine.lane, session: "s1")) else { return }
      acknowledged = max(acknowledged, ack.upto)
      shell.take(.acknowledged(ack))
    case .wait:
      shell.now += .seconds(1)
      if let deadline = shell.machine.nextDeadline(at: shell.now), deadline <= shell.now {
        shell.take(.tick)
      }
    case .deskOnline:
      shell.take(.deskStatus(.online))
    }
    checkDeadline()
  }

  /// Does one action as a shell would, with the broker taking every publish.
  mutating func act() {
    guard let action = shell.machine.nextAction(at: shell.now) else { return }
    switch action {
    case .publishEvents(let session, let seqs, _):
      let paced = shell.machine.waitsForDesk(at: shell.now)
      for seq in seqs {
        if seq <= acknowledged { republishedAcknowledged.append(seq) }
        if paced && seq > acknowledged + shell.machine.timing.window { beyondWindow.append(seq) }
        published.append(seq)
        _ = desk.receive(Payload.Event(lane: shell.machine.lane, session: session, seq: seq, type: .throw))
        shell.take(.sent(session: session, upTo: seq))
      }
    case .connect:
      lastConnect = published.count
      shell.take(.connected)
    default:
      shell.take(.done(action))
    }
  }

  /// When nothing is to do, a tick at the machine's deadline must change that or move the
  /// deadline on; else the shell's timer would fire again and again.
  mutating func checkDeadline() {
    let now = shell.now
    guard shell.machine.nextAction(at: now) == nil,
      let deadline = shell.machine.nextDeadline(at: now)
    else { return }
    #expect(deadline >= now)
    var ticked = shell.machine
    ticked.take(.tick, at: deadline)
    if ticked.nextAction(at: deadline) == nil, let next = ticked.nextDeadline(at: deadline), next <= deadline {
      idleDeadlines.append(deadline)
    }
  }

  /// The broker comes back for good and the shell does everything asked, the desk
  /// acknowledging what it has whenever the lane waits for it (its window full).
  mutating func settle() {
    take(.connect)
    var steps = 0
    while steps < 10_000 {
      steps += 1
      if shell.machine.nextAction(at: shell.now) != nil {
        act()
      } else if acknowledged < recorded, desk.acknowledgement(.init(lane: shell.machine.lane, session: "s1"))
        .map({ $0.upto > acknowledged }) ?? false
      {
        take(.acknowledge)
      } else {
        break
      }
    }
  }
}

@Suite("A lane's centre link machine over random histories")
struct LaneLinkMachinePropertyTests {
  @Test("When disconnects, acknowledgements, records and the desk's status interleave at random, then every unacknowledged record is published after the last connect, no acknowledged one again, none beyond the window while the desk is awaited or online, and no deadline leaves the link idle")
  func publishesAfterTheLastConnect() async {
    await propertyCheck(count: 500, input: Gen.int(in: 0...(LinkStep.allCases.count - 1)).array(of: 0...150)) { steps in
      var history = LinkHistory()
      let taken = steps.map { LinkStep(rawValue: $0)! }
      for step in taken { history.take(step) }
      history.settle()

      let afterConnect = Set(history.published[history.lastConnect...])
      let owed = history.recorded > history.acknowledged ? Array((history.acknowledged + 1)...history.recorded) : []
      #expect(owed.allSatisfy(afterConnect.contains), "published \(history.published) after \(taken)")
      #expect(history.republishedAcknowledged.isEmpty, "after \(taken)")
      #expect(history.idleDeadlines.isEmpty, "after \(taken)")
      #expect(history.beyondWindow.isEmpty, "after \(taken)")
    }
  }
}
