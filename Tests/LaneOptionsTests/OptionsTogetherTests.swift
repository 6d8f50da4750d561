import LaneOptions
import Testing

/// The rules of which options go together, as each command's `validate()` calls them.
@Suite("Options that go together, command by command")
struct OptionsTogetherTests {
  @Test("When lane simulate's --json is paced or logged, then it is refused naming both")
  func replayOutput() {
    #expect(throws: OptionValueError("--json and --realtime do not go together")) {
      try OptionValues.checkReplayOutput(json: true, paced: true, log: false)
    }
    #expect(throws: OptionValueError("--json and --log do not go together")) {
      try OptionValues.checkReplayOutput(json: true, paced: false, log: true)
    }
    #expect(throws: Never.self) { try OptionValues.checkReplayOutput(json: false, paced: true, log: true) }
  }

  @Test("When a pair's lane run is given a lane's own option, then it is refused naming the first")
  func pairRun() {
    #expect(throws: Never.self) { try OptionValues.checkPairRun(given: []) }
    #expect(throws: OptionValueError(
      "a pair's lane run does not take --bowlers: each lane's wiring and credentials are in its [[lanes]],"
        + " the broker in the config file's [centre], the bowlers in the night file (docs/league.md)")) {
      try OptionValues.checkPairRun(given: ["--bowlers", "--broker"])
    }
  }

  @Test("When lane simulate gets other than one trace, or --league other than two or with bowlers or a lane config, then it is refused")
  func traces() {
    #expect(throws: OptionValueError("give one trace, or two with --league or with a --config naming a pair; found 2")) {
      try OptionValues.checkTraces(["a", "b"], league: false, alongside: [])
    }
    #expect(throws: OptionValueError("--league replays a pair: give two traces, the left lane's then the right lane's; found 1")) {
      try OptionValues.checkTraces(["a"], league: true, alongside: [])
    }
    #expect(throws: OptionValueError("--league and --bowlers do not go together: a league night's bowlers are in its night file")) {
      try OptionValues.checkTraces(["a", "b"], league: true, alongside: ["--http", "--bowlers"])
    }
    #expect(throws: Never.self) {
      try OptionValues.checkTraces(["a", "b"], league: true, alongside: ["--journal", "--broker"])
    }
    #expect(throws: OptionValueError("--league and --config do not go together: a lane config file is one lane's")) {
      try OptionValues.checkTraces(["a", "b"], league: true, alongside: ["--config"])
    }
    #expect(throws: OptionValueError("only one trace can be standard input (-)")) {
      try OptionValues.checkTraces(["-", "-"], league: true, alongside: [])
    }
    #expect(throws: Never.self) { try OptionValues.checkTraces(["-", "b"], league: true, alongside: []) }
    #expect(throws: Never.self) { try OptionValues.checkTraces(["a"], league: false, alongside: ["--http"]) }
    // --http serves the night's boards once it is replayed; --journal keeps the night, open
    // to corrections while it is replayed at a pace, logged.
    #expect(throws: Never.self) {
      try OptionValues.checkTraces(["a", "b"], league: true, alongside: ["--http", "--journal", "--realtime", "--log"])
    }
  }

  @Test("When lane simulate gets two traces with --config, then the count waits for the file: a pair's takes two, a lane's one")
  func configTraces() {
    #expect(throws: Never.self) { try OptionValues.checkTraces(["a", "b"], league: false, alongside: ["--config"]) }
    #expect(throws: OptionValueError("give one trace, or two with --league or with a --config naming a pair; found 3")) {
      try OptionValues.checkTraces(["a", "b", "c"], league: false, alongside: ["--config"])
    }
    #expect(throws: Never.self) { try OptionValues.checkConfigTraces(2, pair: true) }
    #expect(throws: Never.self) { try OptionValues.checkConfigTraces(1, pair: false) }
    #expect(throws: OptionValueError("the config file names a pair: give two traces, the left lane's then the right lane's; found 1")) {
      try OptionValues.checkConfigTraces(1, pair: true)
    }
    #expect(throws: OptionValueError("the config file names one lane: give one trace (two need --league or a pair's config)")) {
      try OptionValues.checkConfigTraces(2, pair: false)
    }
  }

  @Test("When a pair in open play is given a lane's own option, then it is refused, saying each lane's are in its [[lanes]]")
  func openPlayOptions() {
    #expect(throws: Never.self) { try OptionValues.checkOpenPlayRun(given: []) }
    #expect(throws: Never.self) { try OptionValues.checkOpenPlayReplay(given: []) }
    #expect(
      throws: OptionValueError(
        "a pair's lane run does not take --journal: in open play each lane's id, wiring, journal, bowlers and"
          + " credentials are in its [[lanes]], the broker in [centre], and each lane logs its lines after its id"
          + " (docs/running.md)")
    ) { try OptionValues.checkOpenPlayRun(given: ["--journal", "--json"]) }
    #expect(
      throws: OptionValueError(
        "a pair's replay does not take --bowlers: in open play each lane's id, journal, bowlers and credentials"
          + " are in its [[lanes]], the broker in [centre] (docs/running.md)")
    ) { try OptionValues.checkOpenPlayReplay(given: ["--bowlers"]) }
  }

  @Test("When lane correct's pins come without numbers, or numbers without pins, then it is refused")
  func correctionPins() {
    #expect(throws: OptionValueError("pins needs the pin numbers, e.g. lane correct pins 1,2,4")) {
      try OptionValues.checkCorrectionPins(isPins: true, pins: nil)
    }
    #expect(throws: OptionValueError("only pins takes pin numbers")) {
      try OptionValues.checkCorrectionPins(isPins: false, pins: "1,2")
    }
    #expect(throws: Never.self) { try OptionValues.checkCorrectionPins(isPins: true, pins: "-") }
  }

  @Test("When lane correct has both an action and --league, neither, or --league without --why, then it is refused")
  func correctionKind() {
    #expect(throws: OptionValueError("give either an action (pins, foul, …) or --league \"COMMAND\", not both")) {
      try OptionValues.checkCorrectionKind(hasAction: true, league: "foul 12", why: "light")
    }
    #expect(throws: OptionValueError(
      "say what to correct: pins, foul, no-foul, dead-ball or undo, or --league \"COMMAND\" --why \"REASON\"")) {
      try OptionValues.checkCorrectionKind(hasAction: false, league: nil, why: nil)
    }
    #expect(throws: OptionValueError("--league needs --why \"REASON\": a league correction is journalled with its reason")) {
      try OptionValues.checkCorrectionKind(hasAction: false, league: "foul 12", why: nil)
    }
    #expect(throws: OptionValueError("only --league takes --why")) {
      try OptionValues.checkCorrectionKind(hasAction: true, league: nil, why: "light")
    }
    #expect(throws: Never.self) { try OptionValues.checkCorrectionKind(hasAction: false, league: "foul 12", why: "light") }
    #expect(throws: Never.self) { try OptionValues.checkCorrectionKind(hasAction: true, league: nil, why: nil) }
  }

  @Test("When lane session start has no bowlers, or end has some, then it is refused")
  func sessionBowlers() {
    #expect(throws: OptionValueError("start needs --bowlers \"Ana,Ben\"")) {
      try OptionValues.checkSessionBowlers(start: true, bowlers: nil)
    }
    #expect(throws: OptionValueError("only start takes --bowlers")) {
      try OptionValues.checkSessionBowlers(start: false, bowlers: "Ana")
    }
  }

  @Test("When lane calibrate has neither --out nor --check, or an unknown bias, then it is refused")
  func calibration() {
    #expect(throws: OptionValueError("say where to write the wiring file with --out FILE (or re-check one with --check FILE)")) {
      try OptionValues.checkCalibrationOutput(out: nil, check: nil)
    }
    #expect(throws: OptionValueError("--bias must be one of up, down or off")) {
      try OptionValues.checkBias("sideways", among: ["up", "down", "off"])
    }
    #expect(throws: Never.self) { try OptionValues.checkBias("down", among: ["up", "down", "off"]) }
  }

  @Test(
    "When lane desk send's action lacks its value or has one it does not take, then it is refused",
    arguments: [
      ("correct", nil, "correct needs what to correct, e.g. correct pins:1,2,4"),
      ("start-session", nil, "start-session needs the bowlers, e.g. start-session \"Ana,Ben\""),
      ("end-session", "now", "end-session takes no value"),
    ] as [(String, String?, String)])
  func deskValue(action: String, value: String?, message: String) {
    #expect(throws: OptionValueError(message)) { try OptionValues.checkDeskValue(action: action, value: value) }
  }

  @Test(
    "When lane desk's old spellings do not go together, then the first rule broken is named",
    arguments: [
      (nil, 2, nil, false, "give one of --correct, --end-session and --start-session"),
      ("lane1", 0, "r-1", false, "--request-id goes with --correct, --end-session or --start-session"),
      (nil, 1, nil, false, "a request needs --lane NAME, the lane's name on the broker"),
      ("lane1", 0, nil, true, "--lane alone shows that lane's board on the terminal; it and --json do not go together"),
      ("lane1", 1, nil, true, "a request and --json do not go together"),
    ] as [(String?, Int, String?, Bool, String)])
  func deprecatedDesk(lane: String?, requests: Int, requestID: String?, json: Bool, message: String) {
    #expect(throws: OptionValueError(message)) {
      try OptionValues.checkDeprecatedDesk(lane: lane, requests: requests, requestID: requestID, json: json)
    }
  }

  @Test("When lane desk or lane display is given no broker, then it is refused as a missing argument")
  func brokerRequired() throws {
    #expect(throws: OptionValueError("Missing expected argument '--broker <broker>'")) {
      try OptionValues.requiredBroker(nil)
    }
    #expect(try OptionValues.requiredBroker("mqtt://127.0.0.1:1883") == "mqtt://127.0.0.1:1883")
  }
}
