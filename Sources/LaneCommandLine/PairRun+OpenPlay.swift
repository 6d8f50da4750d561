import Journal
import LaneApplication
import LaneBridge
import LaneConfiguration
import LaneHardware
import LaneOptions
import LaneSensing
import GPIOPinSensor
import WebServer
import POSIX
import Scoreboard

#if canImport(Glibc)
  import Glibc
#endif

extension PairRun {
  /// `lane run` on a pair's config without `--league`: open play, two independent lanes in
  /// one process (``OpenPlayPair``), each exactly as one `lane run` of it (its journal from
  /// its `[[lanes]]`, the control socket beside it, its bowlers, its centre link as its own
  /// broker user), each lane's log line after its id, both lanes' boards on one `--http`
  /// server; a league night when the desk starts one, and open play again when it ends it
  /// (``PairEvening``); until a stop signal.
  ///
  /// Both wirings are opened first, as on a league night, and kept open all evening: a
  /// mistake there creates no journal. A console line is for the lane its first word names
  /// (``PairConsoleLine``); on a night, for the pair.
  ///
  /// - Throws: ``LaneFailure``: 64 for a lane's own option (each lane's are in the file) or
  ///   the pair's one journal (a league night's); a wiring's failure naming its lane; a
  ///   lane's (``OpenPlayPair``), naming it; a night's (``LivePairNight``, ``DeskNights``).
  func runOpenPlay() throws {
    guard let config, let pair = config.pair else {
      throw LaneFailure(.usage, "open play on a pair needs --config with a file naming two [[lanes]]")
    }
    try Self.check(config, for: .openPlay, file: configPath)
    do {
      try OptionValues.checkOpenPlayRun(given: given + (journal != nil ? ["--journal"] : []))
    } catch {
      throw LaneFailure(.usage, error.message)
    }
    var web = web
    web.fill(from: config)
    let boards = try web.address()
    let stop = try StopSignal.wakeEvent()
    let wakes = try pair.map { _ throws(LaneFailure) in try StopSignal.wakeEvent() }
    // Both wirings before anything else: a mistake there creates no journal.
    let wired = try zip(pair, wakes).map { lane, wake throws(LaneFailure) in
      try WiringOptions.open(
        wiringFile: lane.wiring, consumer: String("lane-\(lane.lane)".prefix(31)), wake: wake, naming: lane.lane)
    }
    let sensors = wired.map { KeptOpenSensor($0.sensor) }
    defer { for sensor in sensors { sensor.release() } }
    let lanes = try zip(pair, wakes).map { lane, wake throws(LaneFailure) in
      OpenPlayPair.Lane(
        settings: try LaneAssembly.Settings(
          openPlay: lane, centre: config.centre, file: configPath, sensorClock: { MonotonicClock.now() }),
        wake: wake, inboxWakes: true)
    }
    let console = isatty(STDIN_FILENO) == 1 && StandardOutput.isTerminal ? ConsoleRoute.reading() : nil
    StopSignal.install(wake: stop)
    try PairEvening.play(
      nights: OpenPlayPair.nights(of: lanes), isStopped: { StopSignal.isRequested },
      openPlay: { endedBy in
        try playOpen(pair, lanes, boards: boards, stop: stop, wired: wired, sensors: sensors, console: console, after: endedBy)
      },
      night: { night, end in
        try LivePairNight.run(
          LivePairNight.Settings(
            night: night.file, journal: night.journal, lanes: (pair[0].lane, pair[1].lane),
            operatorName: operatorName, boards: boards, links: PairLinks.Settings(lanes.map(\.settings)), deskEnds: end),
          left: .init(sensor: sensors[0], wake: wakes[0], detector: detector.configuration(over: wired[0].detector)),
          right: .init(sensor: sensors[1], wake: wakes[1], detector: detector.configuration(over: wired[1].detector)),
          wake: stop, console: console,
          output: { text in
            var output = StandardOutput()
            output.write(text)
          }, report: Report.line)
      }, report: Report.line)
  }

  /// Open play on the pair's wired lanes until a stop, or until the desk starts a night, each
  /// lane in a new session after a night the desk ended.
  private func playOpen(
    _ pair: [LaneConfig.PairLane], _ lanes: [OpenPlayPair.Lane], boards: HTTPAddress?, stop: WakeEvent,
    wired: [WiredLane], sensors: [KeptOpenSensor<GPIOPinSensor>], console: ConsoleRoute?, after nightEndedBy: String?
  ) throws -> OpenPlayPair.Ending {
    let open = try OpenPlayPair(lanes, boards: boards, report: Report.line)
    defer { open.close() }
    if let nightEndedBy { try open.openSessions(by: nightEndedBy) }
    // The stop's wake event again: a night's loop may have installed its own.
    StopSignal.install(wake: stop)
    for (assembly, lane) in zip(open.assemblies, wired) {
      assembly.link?.inputs.yield(.wiring(lane.wiring.status))
    }
    for lane in pair where lane.journal == nil {
      Report.line("\(lane.lane): no journal: the games are kept in memory only")
    }
    if let console { Self.route(console, to: open) }
    let loops = zip(pair, zip(wired, sensors)).map { lane, wiredSensor in
      OpenPlayPair.Loop(
        sensor: wiredSensor.1,
        runner: LaneRunner(
          detector: detector.configuration(over: wiredSensor.0.detector), idleTimeout: LaneRunner.forever,
          operatorName: operatorName),
        local: LogDisplay(
          output: LinePrefixedOutput(StandardOutput(), prefix: "\(lane.lane): "),
          warnings: LinePrefixedOutput(StandardError(), prefix: "\(lane.lane): ")))
    }
    let ending = try open.run(loops, stop: stop, until: { StopSignal.isRequested }) { index, error in
      Self.failure(error, lane: pair[index].lane, sensor: "the lane's lines")
    }
    guard case .lanes = ending else { return ending }
    var output = StandardOutput()
    for (id, assembly) in zip(open.ids, open.assemblies) {
      Report.line("\(id): stopped; \(LaneSummary(assembly.session.session))")
      // Each lane's series, one line per bowler, after the lane's id.
      print("\(id):", to: &output)
      print(SessionScoreboard(colour: false).renderSeries(assembly.session.session), to: &output)
    }
    return ending
  }

  /// Refuses what `config` holds for the other way of playing a pair (exit 64).
  static func check(_ config: LaneConfig, for play: LaneConfig.PairPlay, file: String?) throws(LaneFailure) {
    do {
      try config.check(play, file: file ?? "the config file")
    } catch {
      throw LaneFailure(.usage, "\(error)")
    }
  }

  /// The failure a lane's error is, after its id: the journal's exit status, else the
  /// sensor's (74, `sensor` naming what was read).
  static func failure(_ error: any Error, lane: String, sensor: String) -> LaneFailure {
    if let error = error as? JournalError { return LaneFailure(error.exitStatus, "\(lane): \(error)") }
    if let error = error as? LaneFailure { return LaneFailure(error.status, "\(lane): \(error.message)") }
    return LaneFailure(.ioError, "\(lane): cannot read \(sensor): \(error)")
  }

  /// Points the console at the pair in open play: each line to the lane its first word
  /// names; says how when a line names neither.
  static func route(_ console: ConsoleRoute, to pair: OpenPlayPair) {
    let ids = pair.ids
    let inboxes = pair.assemblies.map(\.inbox)
    Report.line("console: \(PairConsoleLine.usage(lanes: ids))")
    console.send { line in
      switch PairConsoleLine(line, lanes: ids) {
      case .command(let command, let lane): inboxes[lane].post(.console(command))
      case .blank: break
      case .unrouted: Report.line("console: \(PairConsoleLine.usage(lanes: ids))")
      }
    }
  }
}
