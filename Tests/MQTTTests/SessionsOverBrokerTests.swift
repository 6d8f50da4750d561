import Centre
import Foundation
import MQTT
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Changes of session on a lane publishing to the centre: the desk has every record of
/// every session exactly once, whatever stops in between (docs/centre.md).
extension LaneOverBrokerTests {
  var lane1ID: LaneID {
    get throws { try LaneID("lane1") }
  }

  /// A desk-side client that sends lane1 commands and collects its replies.
  func commander() async throws -> (client: MQTTClient, replies: MessageLog) {
    let client = try await broker.connectedClient("desk")
    let replies = MessageLog(client)
    try await client.subscribe(to: Topic.replies(try lane1ID).name)
    return (client, replies)
  }

  /// Publishes `command` to lane1 and waits (at most 20 s) for its reply.
  func send(
    _ command: Payload.Command, from commander: (client: MQTTClient, replies: MessageLog)
  ) async throws -> Payload.Reply? {
    try await commander.client.publish(
      CentreMessage.encode(command), to: Topic.commands(try lane1ID).name)
    return await reply(to: command.id, in: commander.replies)
  }

  /// The first reply with request id `id`, waiting at most 20 s.
  func reply(to id: String, in replies: MessageLog) async -> Payload.Reply? {
    let message = await replies.first(within: .seconds(20)) { message in
      guard case .reply(_, let reply)? = try? CentreMessage.decode(topic: message.topic, payload: message.payload)
      else { return false }
      return reply.id == id
    }
    guard let message, case .reply(_, let reply)? = try? CentreMessage.decode(
      topic: message.topic, payload: message.payload)
    else { return nil }
    return reply
  }

  /// Every session of the journal at `journal`: the closed ones from its archive folder
  /// (named by their id), then the open one (id `nil`: the test does not compute it), with
  /// how many records each holds.
  func sessions(ofJournal journal: String) -> (closed: [String: Int], open: Int) {
    let folder = journal + ".sessions"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var closed: [String: Int] = [:]
    for name in names where name.hasSuffix(".journal") {
      let text = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
      closed[String(name.dropLast(".journal".count))] = recordCount(ofJournal: text)
    }
    let open = recordCount(ofJournal: (try? String(contentsOfFile: journal, encoding: .utf8)) ?? "")
    return (closed, open)
  }

  /// Waits (at most `limit`) until the desk printed as many of lane1's events as its
  /// journal holds records (with what earlier desks printed into `files`), stops it, and
  /// checks them (``expectEverySessionExactlyOnce``).
  func expectDeskHasEverySession(
    _ desk: ChildProcess, files: [String] = ["desk.out"], journal: String, closedSessions: Int,
    within limit: Duration = .seconds(20), laneOutput: String
  ) async {
    let records = allRecords(journal)
    #expect(await eventually(within: limit) { deskEvents(files, lane: "lane1").count >= records })
    try? await Task.sleep(for: .milliseconds(300))  // a duplicate would come now
    desk.stop()
    expectEverySessionExactlyOnce(
      deskEvents(files, lane: "lane1"), journal: journal, closedSessions: closedSessions,
      "the lane wrote: \(output(laneOutput).suffix(2000))")
  }

  /// The desk printed every record of every session of lane1's journal exactly once, in
  /// seq order per session: the closed sessions' (from their archives) and the open one's,
  /// each session after the one before.
  func expectEverySessionExactlyOnce(
    _ events: [[String: Any]], journal: String, closedSessions: Int, _ comment: String
  ) {
    let (closed, open) = sessions(ofJournal: journal)
    #expect(closed.count == closedSessions, "closed sessions: \(closed)")
    var bySession: [String: [Int]] = [:]
    for event in events {
      guard let session = event["session"] as? String, let seq = event["seq"] as? Int else { continue }
      bySession[session, default: []].append(seq)
    }
    let openSessions = Set(bySession.keys).subtracting(closed.keys)
    #expect(openSessions.count == 1, "the desk's sessions: \(bySession.keys.sorted()); \(comment)")
    for (session, count) in closed {
      #expect(bySession[session] == Array(1...max(1, count)), "session \(session); \(comment)")
    }
    if let session = openSessions.first {
      #expect(bySession[session] == Array(1...max(1, open)), "open session \(session); \(comment)")
    }
    // With the desk online, a session went out only once the desk had the ones before.
    let order = events.compactMap { $0["session"] as? String }.reduce(into: [String]()) { order, session in
      if order.last != session { order.append(session) }
    }
    #expect(order == order.sorted() && Set(order).count == order.count, "sessions in the desk's order: \(order)")
  }

  /// Runs `lane desk --lane lane1` with `request` (e.g. `--end-session`) and waits for it.
  func deskRequest(_ request: [String], into file: String) async throws -> (status: Int32?, output: String) {
    let desk = try ChildProcess(
      lane, ["desk", "--broker", url, "--mqtt-credentials", credentials("desk"), "--lane", "lane1"] + request,
      outputFile: broker.folder + "/" + file)
    defer { desk.stop() }
    let status = await desk.exited(within: .seconds(30))
    return (status, output(file))
  }

  /// All records of lane1's journal, closed sessions and the open one together.
  func allRecords(_ journal: String) -> Int {
    let (closed, open) = sessions(ofJournal: journal)
    return closed.values.reduce(open, +)
  }

  @Test("When the desk ends lane1's session mid-game and starts one for new bowlers, then the lane scores on in it, the board shows them from zero, repeats are answered from the journal, and the desk has every record of all three sessions exactly once")
  func deskEndsAndStartsSessions() async throws {
    let desk = try await startDesk(into: "desk.out")
    defer { desk.stop() }
    let boards = try await broker.connectedClient("desk")
    defer { boards.disconnect() }
    let boardLog = MessageLog(boards)
    try await boards.subscribe(to: Topic.board(try lane1ID).name)
    let journal = broker.folder + "/lane1.journal"
    // At 25 times its pace the deliveries last 30 s, most of them after the change.
    let lane1 = try startLane(
      "lane1", ["--journal", journal, "--speed", "25"], trace: try keptOpenLongTrace(), into: "lane1.out")
    defer { lane1.stop() }
    #expect(await eventually { journalRecords("lane1.journal") >= 4 })
    let desker = try await commander()
    defer { desker.client.disconnect() }

    // When the desk starts a session while the lane's has deliveries: refused, as on the socket.
    let early = try await deskRequest(["--start-session", "Cho", "--request-id", "r-early"], into: "early.out")
    #expect(early.status == 65, "\(early.output)")
    #expect(early.output.contains("end it first"), "\(early.output)")
    // And names the lane would refuse are refused before anything is sent.
    let blank = try await deskRequest(["--start-session", "Cho, ,Dee"], into: "blank.out")
    #expect(blank.status == 64, "\(blank.output)")

    // When it ends the session and at once starts one for Cho and Dee, right after a throw
    // is journalled: the next ball is then about half a second away at this pace, so no
    // delivery falls between the end and the start. On a loaded machine one may: it rightly
    // refuses the start, and the desk ends the session that delivery began and tries again.
    var attempts = 0
    var start: Payload.Reply?
    repeat {
      attempts += 1
      let recorded = journalRecords("lane1.journal")
      #expect(await eventually { journalRecords("lane1.journal") > recorded })
      let endID = attempts == 1 ? "r-end" : "r-end-\(attempts)"
      try await desker.client.publish(
        CentreMessage.encode(Payload.Command(id: endID, action: .endSession)), to: Topic.commands(try lane1ID).name)
      start = try await send(
        .init(id: attempts == 1 ? "r-start" : "r-start-\(attempts)", action: .startSession, bowlers: ["Cho", "Dee"]),
        from: desker)
      let end = await reply(to: endID, in: desker.replies)
      #expect(end?.ok == true, "\(String(describing: end)); the lane wrote: \(output("lane1.out").suffix(1000))")
    } while start?.ok == false && start?.message.contains("session in progress") == true && attempts < 5
    #expect(start?.ok == true, "\(String(describing: start))")
    #expect(start?.message.contains("Cho, Dee") == true, "\(String(describing: start))")

    // And repeats the end with lane desk: answered from the journal, not run again.
    let again = try await deskRequest(["--end-session", "--request-id", "r-end"], into: "again.out")
    #expect(again.status == 0, "\(again.output)")
    #expect(again.output.contains("lane1 r-end: already done as record"), "\(again.output)")

    // Then the retained board turns to Cho and Dee from zero.
    let fresh = await boardLog.first(within: .seconds(10)) { message in
      guard case .board(let board)? = try? CentreMessage.decode(topic: message.topic, payload: message.payload),
        case .array(let bowlers) = board.games, bowlers.count == 2,
        case .object(let cho) = bowlers[0], cho["bowler"] == .string("Cho")
      else { return false }
      return cho["game"] == .number(1) && cho["earlier"] == .array([])
    }
    #expect(fresh != nil, "boards: \(boardLog.all.map { String(decoding: $0.payload, as: UTF8.self) }.suffix(3))")

    #expect(try await stopOnceBowled(lane1, deskFiles: ["desk.out"]) == 0, "\(output("lane1.out").suffix(2000))")
    // The ended session and the unnamed bowler's (empty, or one more for each try again),
    // and Cho and Dee's, who bowled on.
    await expectDeskHasEverySession(desk, journal: journal, closedSessions: 1 + attempts, laneOutput: "lane1.out")
    #expect(sessions(ofJournal: journal).open > 2)
  }

  @Test("When the lane is killed with -9 right after the desk ended its session and started again, then the desk has every record of both sessions exactly once")
  func laneKilledAfterSessionChange() async throws {
    let desk = try await startDesk(into: "desk.out")
    defer { desk.stop() }
    let journal = broker.folder + "/lane1.journal"
    let first = try startLane("lane1", ["--journal", journal, "--speed", "25"], trace: longTrace, into: "lane1.out")
    defer { first.stop() }
    #expect(await eventually { journalRecords("lane1.journal") >= 6 })

    // When the desk ends the session and the lane is killed as soon as it answers.
    let desker = try await commander()
    defer { desker.client.disconnect() }
    let end = try await send(.init(id: "r-end", action: .endSession), from: desker)
    first.stop(signal: SIGKILL)
    #expect(end?.ok == true, "\(String(describing: end))")

    // And it starts again on the same journal.
    let second = try startLane("lane1", ["--journal", journal], trace: longTrace, into: "lane2.out")
    defer { second.stop() }
    #expect(await second.exited() == 0, "\(output("lane2.out").suffix(2000))")
    await expectDeskHasEverySession(desk, journal: journal, closedSessions: 1, laneOutput: "lane2.out")
  }

  @Test("When the broker is stopped, lane session end changes the session while it is down, and the broker comes back, then the desk has every record of both sessions exactly once")
  func brokerDownAcrossSessionChange() async throws {
    let desk = try await startDesk(into: "desk.out")
    defer { desk.stop() }
    let journal = broker.folder + "/lane1.journal"
    let lane1 = try startLane(
      "lane1", ["--journal", journal, "--speed", "25"], trace: try keptOpenLongTrace(), into: "lane1.out")
    defer { lane1.stop() }
    #expect(await eventually { journalRecords("lane1.journal") >= 3 })

    // When the broker stops and the operator ends the session over the lane's socket.
    broker.stop()
    let ended = try ChildProcess(lane, ["session", "end", "--journal", journal], outputFile: broker.folder + "/end.out")
    #expect(await ended.exited() == 0, "\(output("end.out"))")
    let atChange = journalRecords("lane1.journal")
    try await Task.sleep(for: .seconds(2))
    // Then the lane scored on in the new session without the broker.
    #expect(journalRecords("lane1.journal") > atChange)
    try broker.restart()

    #expect(try await stopOnceBowled(lane1, deskFiles: ["desk.out"]) == 0, "\(output("lane1.out").suffix(2000))")
    await expectDeskHasEverySession(
      desk, journal: journal, closedSessions: 1, within: .seconds(30), laneOutput: "lane1.out")
  }

  @Test("When the desk is stopped, the session changes and the lane bowls on, then the new session goes out marked ahead of the old one, and desks started, stopped and started again print every record of both sessions exactly once")
  func desksRestartedAroundSessionChange() async throws {
    let first = try await startDesk(into: "desk1.out")
    defer { first.stop() }
    let journal = broker.folder + "/lane1.journal"
    let lane1 = try startLane(
      "lane1", ["--journal", journal, "--speed", "25"], trace: try keptOpenLongTrace(), into: "lane1.out")
    defer { lane1.stop() }
    #expect(await eventually { journalRecords("lane1.journal") >= 3 })
    let observer = try await broker.connectedClient("desk")
    defer { observer.disconnect() }
    let events = MessageLog(observer)
    try await observer.subscribe(to: Topic.events(try lane1ID).name)
    try await observer.subscribe(to: Topic.board(try lane1ID).name)
    let board = await events.first(on: Topic.board(try lane1ID).name)
    guard let board, case .board(let before)? = try? CentreMessage.decode(topic: board.topic, payload: board.payload)
    else {
      Issue.record("no retained board from lane1")
      return
    }

    // When the desk stops and the operator ends the session over the lane's socket.
    first.stop()
    #expect(await first.exited() == 0, "\(output("desk1.out").suffix(1000))")
    let ended = try ChildProcess(lane, ["session", "end", "--journal", journal], outputFile: broker.folder + "/end.out")
    #expect(await ended.exited() == 0, "\(output("end.out"))")

    // Then the new session's events go out marked ahead; the old one's never are.
    func event(_ message: MQTTClient.Message) -> Payload.Event? {
      guard case .event(let event)? = try? CentreMessage.decode(topic: message.topic, payload: message.payload)
      else { return nil }
      return event
    }
    let ahead = await events.first(within: .seconds(10)) { message in
      guard let event = event(message) else { return false }
      return event.session != before.session && event.ahead == true
    }
    let seen = events.all.compactMap(event)
    #expect(ahead != nil, "events: \(seen.map { "\($0.session)#\($0.seq) \($0.ahead as Any)" })")
    #expect(seen.contains { $0.session == before.session && $0.type == .sessionEnd && $0.ahead == nil })
    #expect(!seen.contains { $0.session == before.session && $0.ahead != nil })

    // When a desk starts and is stopped again at once (it may have had the new session's
    // first events before the old one's rest), and another starts after it.
    let second = try await startDesk(into: "desk2.out")
    second.stop()
    let secondStatus = await second.exited()
    #expect(secondStatus == 0, "\(String(describing: secondStatus)) \(output("desk2.out").suffix(1000))")
    let third = try await startDesk(into: "desk3.out")
    defer { third.stop() }

    // Then the desks printed every record of both sessions exactly once, in order.
    #expect(
      try await stopOnceBowled(lane1, deskFiles: ["desk1.out", "desk2.out", "desk3.out"]) == 0,
      "\(output("lane1.out").suffix(2000))")
    await expectDeskHasEverySession(
      third, files: ["desk1.out", "desk2.out", "desk3.out"], journal: journal, closedSessions: 1,
      laneOutput: "lane1.out")
  }
}
