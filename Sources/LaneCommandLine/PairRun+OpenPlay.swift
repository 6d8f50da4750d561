import Journal
import LaneApplication
import LaneBridge
import LaneConfiguration
import LaneHardware
import LaneOptions
import LaneSensing
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
  /// server; until a stop signal.
  ///
  /// Both wirings are opened first, as on a league night: a mistake there creates no journal.
  /// A console line is for the lane its first word names (``PairConsoleLine``).
  ///
  /// - Throws: ``LaneFailure``: 64 for a lane's own option (each lane's are in the file) or
  ///   the pair's one journal (a league night's); a wiring's failure naming its lane; a
  ///   lane's (``OpenPlayPair``), naming it.
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
    let lanes = try zip(pair, wakes).map { lane, wake throws(LaneFailure) in
      OpenPlayPair.Lane(
        settings: try LaneAssembly.Settings(
          openPlay: lane, centre: config.centre, file: configPath, sensorClock: { MonotonicClock.now() }),
        wake: wake, inboxWakes: true)
    }
    let open = try OpenPlayPair(lanes, boards: boards, report: Report.line)
    defer { open.close() }
    StopSignal.install(wake: stop)
    for (assembly, lane) in zip(open.assemblies, wired) {
      assembly.link?.inputs.yield(.wiring(lane.wiring.status))
    }
    for lane in pair where lane.journal == nil {
      Report.line("\(lane.lane): no journal: the games are kept in memory only")
    }
    if isatty(STDIN_FILENO) == 1 && StandardOutput.isTerminal {
      Self.forwardConsole(to: open)
    }
    let loops = zip(pair, wired).map { lane, wired in
      OpenPlayPair.Loop(
        sensor: wired.sensor,
        runner: LaneRunner(
          detector: detector.configuration(over: wired.detector), idleTimeout: LaneRunner.forever,
          operatorName: operatorName),
        local: LogDisplay(
          output: LinePrefixedOutput(StandardOutput(), prefix: "\(lane.lane): "),
          warnings: LinePrefixedOutput(StandardError(), prefix: "\(lane.lane): ")))
    }
    try open.run(loops, stop: stop, until: { StopSignal.isRequested }) { index, error in
      Self.failure(error, lane: pair[index].lane, sensor: "the lane's lines")
    }
    var output = StandardOutput()
    for (id, assembly) in zip(open.ids, open.assemblies) {
      Report.line("\(id): stopped; \(LaneSummary(assembly.session.session))")
      // Each lane's series, one line per bowler, after the lane's id.
      print("\(id):", to: &output)
      print(SessionScoreboard(colour: false).renderSeries(assembly.session.session), to: &output)
    }
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

  /// Reads the console on a thread of its own and posts each line to the lane its first word
  /// names; says how when a line names neither.
  static func forwardConsole(to pair: OpenPlayPair) {
    let ids = pair.ids
    let inboxes = pair.assemblies.map(\.inbox)
    Report.line("console: \(PairConsoleLine.usage(lanes: ids))")
    ConsoleInput.forward { line in
      switch PairConsoleLine(line, lanes: ids) {
      case .command(let command, let lane): inboxes[lane].post(.console(command))
      case .blank: break
      case .unrouted: Report.line("console: \(PairConsoleLine.usage(lanes: ids))")
      }
    }
  }
}
