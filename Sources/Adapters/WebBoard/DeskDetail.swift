import Bowling
import Centre
import League
import Scoreboard

/// The desk's detail board of one lane (`lane desk show ID`), drawn on a terminal: the
/// lane's status, its faults, and every bowler's current game as the lane's own console
/// shows it (``SessionScoreboard``), folded from the lane's events in seq order
/// (``CentreBoards``, as `lane display` folds them); on a lane bowling a league night on a
/// pair, the night's sheet as the pair's console shows it (``LeagueScoreboard``), from the
/// whole night the lane publishes.
///
/// Pure: fed the lane's events and retained status with the time each arrived
/// (milliseconds since 1970), drawn for a given time.
public struct DeskDetail: Sendable {
  /// Moves the cursor home and clears the terminal, before each screen.
  public static let clearScreen = "\u{1B}[H\u{1B}[2J"

  public let lane: LaneID
  private var boards = CentreBoards()
  private var status: Payload.Status?
  private var lastThrowAt: Double?
  private var lastRefusal: CentreBoards.Refusal?

  public init(lane: LaneID) {
    self.lane = lane
  }

  /// Takes one of the lane's events, in seq order; another lane's changes nothing.
  public mutating func receive(_ event: Payload.Event, arrivedAt: Double) {
    guard event.lane == lane else { return }
    do {
      _ = try boards.receive(event, arrivedAt: arrivedAt)
      if event.type == .throw { lastThrowAt = arrivedAt }
    } catch {
      lastRefusal = error
    }
  }

  /// Takes the lane's retained status; one from an older connection changes nothing.
  public mutating func receive(_ status: Payload.Status) {
    // The boards keep the newest epoch: a stale status changes nothing there either.
    guard status.lane == lane, boards.receive(status) != nil else { return }
    self.status = status
  }

  /// The screen at `now` (milliseconds since 1970): a status line, one line per fault, the
  /// last record not shown (if any), then the bowlers' games, or the pair and the night's
  /// sheet.
  public func render(now: Double) -> String {
    var head = "lane \(lane): "
    if let status {
      head += status.state.rawValue
      if let lastSeq = status.lastSeq { head += ", last record \(lastSeq)" }
    } else {
      head += "status unknown"
    }
    if let session = boards.session(of: lane) { head += ", session \(session)" }
    if let lastThrowAt { head += ", last throw \(max(0, Int((now - lastThrowAt) / 1000))) s ago" }
    var lines = [Self.clearScreen + head]
    lines += (status?.faults ?? []).map { "fault: \($0)" }
    if let lastRefusal { lines.append("record \(lastRefusal.seq) not shown: \(lastRefusal.reason)") }
    if let play = boards.night(of: lane), let pair = boards.board(of: lane)?.night {
      lines.append(
        "league night on lanes \(pair.left) (left) and \(pair.right) (right): this is the \(pair.side) lane")
      lines.append(LeagueScoreboard().render(LeagueBoard(play)))
    } else if let scores = boards.scores(of: lane) {
      lines.append(SessionScoreboard().render(scores))
    } else {
      lines.append("waiting for the lane's session to start here (the lane is asked to publish it again)")
    }
    return lines.joined(separator: "\n")
  }
}
