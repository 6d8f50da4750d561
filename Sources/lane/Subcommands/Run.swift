import ArgumentParser
import Centre
import CentreLink
import Foundation
import GPIO
import Journal
import LaneBridge
import LaneSensing
import Scoreboard
import WebServer

#if canImport(Glibc)
  import Glibc
#endif

extension Lane {
  /// `lane run`: the live lane.
  struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Read the lane's sensors, detect throws, score them and show the games.",
      discussion: """
        On a terminal the scoreboard and pin deck are redrawn in place; otherwise each throw \
        is a log line. Stops cleanly on SIGINT, SIGTERM or SIGHUP (a second one ends it at once). \
        Exit status 78 for a bad wiring file, 77 when the chip may not be opened, 69 when a \
        chip or line is unavailable or the --http address cannot be bound, 74 when reading the lines, writing the journal or standard output fails. \
        With --journal every throw is durable before it is shown, and a restart resumes the \
        games where they were. On a terminal, type u (undo), f (foul on/off), d (dead ball) \
        or p PINS (the last ball's pins), then Enter; lane correct reaches it over the \
        control socket JOURNAL.sock (exit status 73 when that cannot be created); see \
        docs/operations.md. With --broker every journal record is published to the centre \
        (docs/centre.md); exit status 77 when the broker refuses the credentials, 78 when TLS \
        or the host name fails. --config FILE reads these settings from a file for the \
        systemd unit (docs/deployment.md); exit status 64 for a mistake in it, 66 when it \
        cannot be read.
        """
    )

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var wiringOptions: WiringOptions

    @Flag(help: "Write one JSON object per throw, completed frame and game, one per line.")
    var json = false

    @OptionGroup var detector: DetectorOptions

    @OptionGroup var session: SessionOptions

    @OptionGroup var centre: CentreOptions
    @OptionGroup var web: HTTPOptions

    @Option(help: "Who console corrections are from, in the journal (default: console).")
    var by = "console"

    func run() throws {
      // The config file's settings under the command line's.
      var (wiringOptions, session, centre, web) = (wiringOptions, session, centre, web)
      try configOptions.merged(
        wiring: &wiringOptions.wiring, session: &session, centre: &centre, web: &web)
      var link: LaneLink?
      var journal = try session.openSession(lane: centre.lane) { entries in
        let started = try centre.startLink(
          entries: entries, journalPath: session.journal,
          sensorClock: { MonotonicClock.now() })
        link = started?.link
        return started?.sessions
      }
      defer { link?.stop(journalled: session.journal != nil) }
      let wake = try StopSignal.wakeEvent()
      let hardware = try wiringOptions.openHardware(wake: wake)
      StopSignal.install(wake: wake)
      // The centre link's health monitor sees every reading the detector reads.
      var sensor = ObservedSensor(hardware.sensor, observer: link?.sensorObserver)
      if let link {
        let lines = hardware.wiring.inputs.map { input in (input.role.keyPath, input.offset) }
        let wiring = Payload.Status.Wiring(
          chip: hardware.wiring.chipName,
          lines: Dictionary(lines, uniquingKeysWith: { first, _ in first }))
        link.inputs.yield(.wiring(wiring))
      }
      var display: any LaneDisplay =
        if json {
          JSONLinesDisplay(output: StandardOutput(), warnings: StandardError())
        } else if StandardOutput.isTerminal {
          ConsoleBoardDisplay(
            output: StandardOutput(), warnings: StandardError(), colour: StandardOutput.wantsColour)
        } else {
          LogDisplay(output: StandardOutput(), warnings: StandardError())
        }
      if let link { display = CentreLinkDisplay(local: display, link: link.inputs) }
      let boards = try web.start(lane: try centre.laneID(web: web))
      defer { boards?.server.stop() }
      if let boards { display = DisplayPair(display, boards.display) }
      // Every source the lane answers (edges, the detector's deadline, a signal, a console
      // line, a correction on the socket) ends the sensor's wait: no periodic wake-up.
      let runner = LaneRunner(
        detector: detector.configuration(over: hardware.detector), idleTimeout: LaneRunner.forever,
        operatorName: by)
      let inbox = LaneInbox(wake: { wake.signal() })
      link?.requests.deliver(to: inbox)
      let control = try session.serveCorrections(into: inbox)
      defer { control?.close() }
      if session.journal == nil {
        Report.line("no --journal: the games are kept in memory only")
      }
      if isatty(STDIN_FILENO) == 1 && StandardOutput.isTerminal && !json {
        ConsoleInput.forward(to: inbox)
      }
      do {
        try runner.run(
          &sensor, journal: &journal, display: &display, inbox: inbox,
          until: { StopSignal.isRequested })
        Report.line("stopped; \(LaneSummary(journal.session))")
        if !json {
          // The session's series for the board or the log, one line per bowler.
          var output = StandardOutput()
          print(
            SessionScoreboard(colour: StandardOutput.isTerminal && StandardOutput.wantsColour)
              .renderSeries(journal.session), to: &output)
        }
      } catch let error as GPIOError {
        throw LaneFailure(.ioError, "\(error)")
      } catch let error as JournalError {
        throw LaneFailure(error.exitStatus, "\(error)")
      }
    }
  }
}
