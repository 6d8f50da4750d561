import Bowling
import LaneSensing
import Scoreboard

/// What `lane simulate` prints once the run is over: every game's scoreboard, or one
/// ``SimulationReport`` as JSON; warnings on their own stream as they happen.
///
/// For the JSON report it writes each scored throw's JSON as it is scored, without an
/// encoder, and sets the blocks aside in an unnamed scratch file (``ByteSpill``): the report
/// lists the games before the throws, and the games are known only at the end, so holding
/// the throws in memory would grow with the replay. At the end it writes the games one at a
/// time (``GameJSON``), then the throws from the scratch file, in blocks, never the whole
/// report as one string: the same text ``SimulationReport/jsonText()`` gives (the tests
/// compare the two).
public struct RunReportDisplay<Output: TextOutputStream, Warnings: TextOutputStream>: LaneDisplay {
  /// How the report is written.
  public enum Form: Hashable, Sendable {
    /// The scoreboard of every game, each headed with its number (and bowler).
    case scoreboards(colour: Bool)
    /// One ``SimulationReport`` object.
    case json
  }

  public var output: Output
  public var warnings: Warnings
  public let form: Form
  /// The JSON of the throws scored so far, each after a comma but the first, less what
  /// was set aside in ``spilled``.
  private var throwBytes: [UInt8] = []
  /// Whether a throw was scored yet.
  private var anyThrow = false
  /// The throws' JSON set aside in blocks of about 64 KiB, in order.
  private let spilled = ByteSpill()
  /// The bowlers' names met so far, and each one's JSON string (`nil` for the unnamed).
  private var names: [String] = []
  private var nameTexts: [[UInt8]?] = []

  /// What the JSON report needs of a scored throw.
  private struct KeptThrow {
    var time: SensorInstant
    var start: SensorInstant
    var knocked: PinSet
    var name: Int32
    var game: Int32
    var pins: Int8
    var frame: Int8
    var ball: Int8
    var foul: Bool
    var ballDetected: Bool
    var cutShort: Bool
  }

  public init(_ form: Form, output: Output, warnings: Warnings) {
    self.form = form
    self.output = output
    self.warnings = warnings
  }

  /// - Throws: ``ByteSpill/ReadError`` when the throws set aside cannot be read back.
  public mutating func show(_ event: LaneEvent, in session: LaneSession) throws {
    if var line = event.warningLine {
      // One write with its line end, not print's two: standard error is unbuffered, and a
      // long replay warns tens of thousands of times.
      line.append("\n")
      warnings.write(line)
    }
    switch (event.kind, form) {
    case (.scored(let throwScored), .json):
      try keep(throwScored)
    case (.status(.sensorEnded), _), (.status(.stopped), _):
      switch form {
      case .scoreboards(let colour):
        Self.writeScoreboards(of: session, colour: colour, to: &output)
      case .json:
        try writeReport(session)
      }
    default:
      break
    }
  }

  /// Appends the JSON of `scored` to the throws, setting a full block aside.
  private mutating func keep(_ scored: ScoredThrow) throws {
    let name: Int
    if let known = names.lastIndex(of: scored.bowlerName) {
      name = known
    } else {
      name = names.count
      names.append(scored.bowlerName)
      // Escaped as the encoder of the rest of the report escapes it (LaneEventReportTests).
      nameTexts.append(
        scored.bowlerName.isEmpty ? nil : Array(GameJSON.string(scored.bowlerName).utf8))
    }
    if anyThrow { throwBytes.append(UInt8(ascii: ",")) }
    anyThrow = true
    let kept = KeptThrow(
      time: scored.detected.end, start: scored.detected.start, knocked: scored.detected.knocked,
      name: Int32(name), game: Int32(scored.recorded.game), pins: Int8(scored.delivery.credited),
      frame: Int8(scored.recorded.position.frame), ball: Int8(scored.recorded.position.ball),
      foul: scored.delivery.isFoul, ballDetected: scored.detected.ballDetected,
      cutShort: scored.detected.isCutShort)
    Self.append(kept, name: nameTexts[name], to: &throwBytes)
    if throwBytes.count >= 1 << 16 {
      spilled.append(throwBytes)
      throwBytes.removeAll(keepingCapacity: true)
    }
  }

  /// Writes the ``SimulationReport`` of `session` and the kept throws. Its keys are sorted
  /// (`bowlers`, `games`, `throws`; a bowler's `games`, `name`), so it is written in that
  /// order one game and one throw at a time, in blocks, never as one string.
  private mutating func writeReport(_ session: LaneSession) throws {
    var block = "{"
    block.reserveCapacity(1 << 16)
    func flushIfFull() {
      guard block.utf8.count >= 1 << 16 else { return }
      output.write(block)
      block.removeAll(keepingCapacity: true)
    }
    /// Writes the series' bowled games, each after a comma unless `first`.
    func writeGames(_ series: GameSeries, first: inout Bool) {
      for game in series.games where !game.frames.isEmpty {
        if !first { block.append(",") }
        first = false
        GameJSON.append(game, to: &block)
        flushIfFull()
      }
    }
    let named = session.bowlers != [""]
    if named {
      block.append(#""bowlers":["#)
      for (index, name) in session.bowlers.enumerated() {
        if index > 0 { block.append(",") }
        block.append(#"{"games":["#)
        var first = true
        writeGames(session.series[index], first: &first)
        block.append(#"],"name":"#)
        block.append(GameJSON.string(name))
        block.append("}")
      }
      block.append("],")
    }
    block.append(#""games":["#)
    var first = true
    for index in named ? session.bowlers.indices : 0..<1 {
      writeGames(session.series[index], first: &first)
    }
    block.append(#"],"throws":["#)
    output.write(block)
    // The throws, most of the report, already written as bytes as they were scored.
    try spilled.drain { output.write(String(decoding: $0, as: UTF8.self)) }
    throwBytes.append(contentsOf: "]}\n".utf8)
    output.write(String(decoding: throwBytes, as: UTF8.self))
    throwBytes = []
  }

  /// Appends `kept` as the JSON `SimulationReport.ThrowReport` encodes to, written out
  /// without an encoder per throw: keys sorted, `bowler` left out for a lone unnamed bowler,
  /// numbers as `JSONEncoder` writes them (a `Double` as its `description` less any `.0`).
  private static func append(_ kept: KeptThrow, name: [UInt8]?, to bytes: inout [UInt8]) {
    func literal(_ text: StaticString) {
      bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
    func integer(_ value: Int) {
      guard value >= 0, value < 100 else { return bytes.append(contentsOf: String(value).utf8) }
      if value >= 10 { bytes.append(UInt8(ascii: "0") + UInt8(value / 10)) }
      bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
    func boolean(_ value: Bool) { value ? literal("true") : literal("false") }
    literal(#"{"ball":"#)
    integer(Int(kept.ball))
    literal(#","ballDetected":"#)
    boolean(kept.ballDetected)
    if let name {
      literal(#","bowler":"#)
      bytes.append(contentsOf: name)
    }
    literal(#","cutShort":"#)
    boolean(kept.cutShort)
    literal(#","foul":"#)
    boolean(kept.foul)
    literal(#","frame":"#)
    integer(Int(kept.frame))
    literal(#","game":"#)
    integer(Int(kept.game))
    literal(#","knocked":["#)
    var first = true
    for pin in kept.knocked {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      integer(pin.rawValue)
    }
    literal(#"],"pins":"#)
    integer(Int(kept.pins))
    literal(#","start":"#)
    bytes.append(contentsOf: GameJSON.number(kept.start.seconds).utf8)
    literal(#","time":"#)
    bytes.append(contentsOf: GameJSON.number(kept.time.seconds).utf8)
    literal("}")
  }

  /// Writes every game's scoreboard with its statistics line, each headed with its number
  /// when there are several and with its bowler's name when there are several bowlers; then
  /// the series (per bowler) when there is more than one game; then a new line. One game at
  /// a time, never every board in one string (a long replay has thousands).
  static func writeScoreboards(
    of session: LaneSession, colour: Bool, to output: inout some TextOutputStream
  ) {
    let board = Scoreboard(colour: colour)
    // Written in blocks of about 64 KiB: standard output is unbuffered.
    var block = ""
    block.reserveCapacity(1 << 16)
    func append(_ text: String) {
      block.append(text)
      guard block.utf8.count >= 1 << 16 else { return }
      output.write(block)
      block.removeAll(keepingCapacity: true)
    }
    var first = true
    func append(_ heading: String?, _ game: Game) {
      if !first { append("\n") }
      first = false
      if let heading { append(heading + "\n") }
      append(board.render(game) + "\n" + board.render(GameStatistics(game)))
    }
    if session.bowlers == [""] {
      let series = session.series[0]
      let games = series.games.lazy.filter { !$0.frames.isEmpty }
      if series.earlier.isEmpty && games.dropFirst().isEmpty {
        append(nil, series.current)
      } else {
        // Summarised games (a season-long session) count in the series line only.
        for (number, game) in games.enumerated() {
          append("Game \(series.earlier.count + number + 1)", game)
        }
        append("\n" + board.render(series.statistics))
      }
    } else {
      for index in session.bowlers.indices {
        let earlier = session.series[index].earlier.count
        for (number, game) in session.series[index].games.enumerated() where !game.frames.isEmpty {
          append("\(session.bowlers[index]), game \(earlier + number + 1)", game)
        }
      }
      if !first { append("\n") }
      append(SessionScoreboard(colour: colour).renderSeries(session))
    }
    block.append("\n")
    output.write(block)
  }
}
