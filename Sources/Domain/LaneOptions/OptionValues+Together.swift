/// The rules of which options go together, command by command: each is given what was
/// typed and refuses what cannot be meant, with the message the command line shows.
extension OptionValues {
  // MARK: - lane simulate and lane record

  /// `lane simulate`: `--json` writes the report at the end, so it cannot be paced
  /// (`--realtime`, `--speed`) or logged (`--log`).
  public static func checkReplayOutput(json: Bool, paced: Bool, log: Bool) throws(OptionValueError) {
    if json && paced { throw OptionValueError("--json and --realtime do not go together") }
    if json && log { throw OptionValueError("--json and --log do not go together") }
  }

  /// `lane simulate`: one trace, or with `--league` two (the left lane's, then the right's);
  /// a league replay takes its bowlers from the night, so `alongside` (the other options
  /// given, as spelled) may hold `--http`, `--journal`, `--realtime`, `--log` and
  /// `--broker`, and nothing else.
  public static func checkTraces(_ traces: [String], league: Bool, alongside: [String]) throws(OptionValueError) {
    let count = traces.count
    if traces.filter({ $0 == "-" }).count > 1 {
      throw OptionValueError("only one trace can be standard input (-)")
    }
    guard league else {
      // Two traces with --config: a pair in open play, once the file is read to say so
      // (``checkConfigTraces(_:pair:)``).
      if count == 2 && alongside.contains("--config") { return }
      if count != 1 {
        throw OptionValueError("give one trace, or two with --league or with a --config naming a pair; found \(count)")
      }
      return
    }
    guard count == 2 else {
      throw OptionValueError(
        "--league replays a pair: give two traces, the left lane's then the right lane's; found \(count)")
    }
    let why = [
      "--bowlers": "a league night's bowlers are in its night file",
      "--config": "a lane config file is one lane's",
    ]
    if let other = alongside.first(where: { !["--http", "--journal", "--realtime", "--log", "--broker"].contains($0) }) {
      throw OptionValueError("--league and \(other) do not go together: \(why[other] ?? "a league replay prints its night")")
    }
  }

  /// `lane simulate --config FILE`: one trace for a lane's file, two (the left lane's, then
  /// the right's) for a pair's.
  public static func checkConfigTraces(_ count: Int, pair: Bool) throws(OptionValueError) {
    if pair && count != 2 {
      throw OptionValueError(
        "the config file names a pair: give two traces, the left lane's then the right lane's; found \(count)")
    }
    if !pair && count != 1 {
      throw OptionValueError("the config file names one lane: give one trace (two need --league or a pair's config)")
    }
  }

  /// `lane simulate` on a pair's config in open play: each lane's id, journal, bowlers and
  /// broker credentials are in its `[[lanes]]`, so `given` (a lane's own options given on
  /// the command line, as spelled) must be empty.
  public static func checkOpenPlayReplay(given: [String]) throws(OptionValueError) {
    guard let option = given.first else { return }
    throw OptionValueError(
      "a pair's replay does not take \(option): in open play each lane's id, journal, bowlers and credentials"
        + " are in its [[lanes]], the broker in [centre] (docs/running.md)")
  }

  /// `lane run` on a pair's config: each lane's wiring and broker credentials are in its
  /// `[[lanes]]`, the broker in the file's `[centre]`, the bowlers in the night file, so
  /// `given` (a lane's own options given on the command line, as spelled) must be empty.
  public static func checkPairRun(given: [String]) throws(OptionValueError) {
    guard let option = given.first else { return }
    throw OptionValueError(
      "a pair's lane run does not take \(option): each lane's wiring and credentials are in its [[lanes]],"
        + " the broker in the config file's [centre], the bowlers in the night file (docs/league.md)")
  }

  /// `lane run` on a pair's config in open play: each lane's id, wiring, journal, bowlers and
  /// broker credentials are in its `[[lanes]]` (the broker in the file's `[centre]`), and the
  /// log is each lane's, so `given` (a lane's own options given on the command line, as
  /// spelled) must be empty.
  public static func checkOpenPlayRun(given: [String]) throws(OptionValueError) {
    guard let option = given.first else { return }
    throw OptionValueError(
      "a pair's lane run does not take \(option): in open play each lane's id, wiring, journal, bowlers and"
        + " credentials are in its [[lanes]], the broker in [centre], and each lane logs its lines after its id"
        + " (docs/running.md)")
  }

  /// `lane record`: the wiring file is required (only `lane run` may take it from `--config`).
  public static func checkRecordWiring(_ wiring: String?) throws(OptionValueError) {
    if wiring == nil { throw OptionValueError("Missing expected argument '--wiring <wiring>'") }
  }

  // MARK: - lane correct and lane session

  /// `lane correct`: `pins` needs the pin numbers, and nothing else takes them.
  public static func checkCorrectionPins(isPins: Bool, pins: String?) throws(OptionValueError) {
    if isPins, pins == nil {
      throw OptionValueError("pins needs the pin numbers, e.g. lane correct pins 1,2,4")
    }
    if !isPins, pins != nil { throw OptionValueError("only pins takes pin numbers") }
  }

  /// `lane correct`: an action (`pins`, `foul`, …) or `--league "COMMAND"`, one of them;
  /// `--league` needs `--why`, and nothing else takes it.
  public static func checkCorrectionKind(hasAction: Bool, league: String?, why: String?) throws(OptionValueError) {
    if hasAction, league != nil {
      throw OptionValueError("give either an action (pins, foul, …) or --league \"COMMAND\", not both")
    }
    if !hasAction, league == nil {
      throw OptionValueError(
        "say what to correct: pins, foul, no-foul, dead-ball or undo, or --league \"COMMAND\" --why \"REASON\"")
    }
    if league != nil, why == nil {
      throw OptionValueError("--league needs --why \"REASON\": a league correction is journalled with its reason")
    }
    if league == nil, why != nil { throw OptionValueError("only --league takes --why") }
  }

  /// `lane session`: `start` needs `--bowlers`, and `end` takes none.
  public static func checkSessionBowlers(start: Bool, bowlers: String?) throws(OptionValueError) {
    if !start, bowlers != nil { throw OptionValueError("only start takes --bowlers") }
    if start, bowlers == nil { throw OptionValueError("start needs --bowlers \"Ana,Ben\"") }
  }

  // MARK: - lane calibrate

  /// `lane calibrate`: a calibration writes `--out`; a re-check (`--check`) needs none.
  public static func checkCalibrationOutput(out: String?, check: String?) throws(OptionValueError) {
    if check == nil && out == nil {
      throw OptionValueError(
        "say where to write the wiring file with --out FILE (or re-check one with --check FILE)")
    }
  }

  /// `lane calibrate --bias`: one of `biases`, the pull resistors a wiring file names.
  public static func checkBias(_ text: String, among biases: [String]) throws(OptionValueError) {
    guard biases.contains(text) else {
      let listed = biases.dropLast().joined(separator: ", ") + " or " + (biases.last ?? "")
      throw OptionValueError("--bias must be one of \(listed)")
    }
  }

  // MARK: - lane desk and lane display

  /// `lane desk` and `lane display`: the broker is what they work on.
  public static func requiredBroker(_ broker: String?) throws(OptionValueError) -> String {
    guard let broker else { throw OptionValueError("Missing expected argument '--broker <broker>'") }
    return broker
  }

  /// `lane desk send LANE ACTION [VALUE]`: `correct` and `start-session` need a value,
  /// `end-session` takes none.
  public static func checkDeskValue(action: String, value: String?) throws(OptionValueError) {
    switch (action, value) {
    case ("correct", nil):
      throw OptionValueError("correct needs what to correct, e.g. correct pins:1,2,4")
    case ("start-session", nil):
      throw OptionValueError("start-session needs the bowlers, e.g. start-session \"Ana,Ben\"")
    case ("end-session", .some):
      throw OptionValueError("end-session takes no value")
    default:
      break
    }
  }

  /// `lane desk`'s spellings before `show` and `send` (`--lane ID` with at most one of
  /// `--correct`, `--end-session`, `--start-session`, and `--request-id` with one), and
  /// `--json`, which only the desk itself takes.
  public static func checkDeprecatedDesk(
    lane: String?, requests: Int, requestID: String?, json: Bool
  ) throws(OptionValueError) {
    if requests > 1 {
      throw OptionValueError("give one of --correct, --end-session and --start-session")
    }
    if requestID != nil && requests == 0 {
      throw OptionValueError("--request-id goes with --correct, --end-session or --start-session")
    }
    if requests == 1 && lane == nil {
      throw OptionValueError("a request needs --lane NAME, the lane's name on the broker")
    }
    if lane != nil && requests == 0 && json {
      throw OptionValueError(
        "--lane alone shows that lane's board on the terminal; it and --json do not go together")
    }
    if requests == 1 && json { throw OptionValueError("a request and --json do not go together") }
  }

  /// `lane desk`'s page: `--http` and `--users` go together (a desk page is always signed
  /// in), and neither with `--lane`; `--tls-cert` and `--tls-key` together, with `--http`.
  public static func checkDeskPage(
    http: String?, users: String?, lane: String?, tlsCert: String? = nil, tlsKey: String? = nil
  ) throws(OptionValueError) {
    if (tlsCert == nil) != (tlsKey == nil) {
      throw OptionValueError("--tls-cert and --tls-key go together: the desk's certificate and its private key")
    }
    if tlsCert != nil && http == nil { throw OptionValueError("--tls-cert and --tls-key go with --http, the desk's page") }
    if http != nil && users == nil {
      throw OptionValueError("--http serves the desk signed in: give --users FILE (lane desk users add writes one)")
    }
    if users != nil && http == nil { throw OptionValueError("--users goes with --http, the desk's page") }
    if http != nil && lane != nil { throw OptionValueError("--http and --lane do not go together") }
  }

  /// `lane desk --http ADDR` beyond loopback is HTTPS unless `--allow-plain-http` says the
  /// network is trusted: the page carries passwords and session cookies.
  ///
  /// - Parameter loopback: Whether `http`'s host is loopback.
  public static func checkPlainDeskPage(
    http: String?, loopback: Bool, tls: Bool, allowPlainHTTP: Bool
  ) throws(OptionValueError) {
    if allowPlainHTTP, http == nil || tls {
      throw OptionValueError("--allow-plain-http goes with --http and no --tls-cert: it lets the desk's page be plain HTTP")
    }
    guard let http, !loopback, !tls, !allowPlainHTTP else { return }
    throw OptionValueError(
      "--http \(http) is beyond loopback: the desk's page would send passwords and session cookies in clear; "
        + "give --tls-cert and --tls-key (deploy/centre/make-certs.sh makes them), or --allow-plain-http on a network you trust")
  }

  /// `lane display --store` serves the centre's records, which only a signed-in manager may
  /// read: never beyond loopback, where anyone could.
  ///
  /// - Parameter loopback: Whether `--http`'s host is loopback.
  public static func checkDisplayRecords(store: String?, http: String, loopback: Bool) throws(OptionValueError) {
    guard store != nil, !loopback else { return }
    throw OptionValueError(
      "--store serves the centre's records, which only signed-in managers may read, and --http \(http) is beyond "
        + "loopback, where the boards need no sign-in: serve the records with lane desk --http --users, or keep "
        + "lane display --store on loopback")
  }
}
