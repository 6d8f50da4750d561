import Bowling

/// Renders a game the way a lane monitor shows it, as plain text 65 columns wide.
///
/// Ten frames with their ball marks (`X`, `/`, `-`, `F`, counts; a ball that left a split is
/// shown in parentheses, `(8)`), the running total under each frame (`?` while a bowled frame
/// cannot be computed yet, so it never looks like a miss; blank for frames not yet bowled)
/// and a status line that gives a game total only once every bowled frame is known.
public struct Scoreboard: Sendable {
  /// Whether to highlight marks with ANSI colour; the command decides from the terminal.
  public var isColoured: Bool
  /// The bowler's name for a header line, if any.
  public var bowler: String?

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - colour: Whether to write ANSI colour escapes (only when writing to a terminal).
  ///   - bowler: A name to show above the frames.
  public init(colour: Bool = false, bowler: String? = nil) {
    self.isColoured = colour
    self.bowler = bowler
  }

  /// The width of a frame's box, between its borders, for frames 1 to 9 and for the tenth.
  static let frameWidth = 5
  static let tenthWidth = 9
  /// What a bowled frame shows under it while its running total cannot be computed yet.
  public static let pendingTotal = "?"

  /// The scoreboard for this game, lines joined by newlines, without a trailing newline.
  public func render(_ game: Game) -> String {
    let style = TextStyle(isEnabled: isColoured)
    let widths = Array(repeating: Self.frameWidth, count: 9) + [Self.tenthWidth]
    let frames = (1...10).map { number in game.frames.first { $0.number == number } }

    let border = "+" + widths.map { String(repeating: "-", count: $0) + "+" }.joined()
    let numbers = row(widths.indices.map { centred(String($0 + 1), width: widths[$0]) })
    let marks = row(zip(frames, widths).map { frame, width in
      marksCell(frame?.balls ?? [], width: width, style: style)
    })
    let totals = row(zip(frames, widths).map { frame, width in
      totalCell(frame, width: width)
    })

    var lines: [String] = []
    if let bowler { lines.append("Bowler: \(bowler)") }
    lines += [border, numbers, border, marks, totals, border, status(of: game, style: style)]
    return lines.joined(separator: "\n")
  }

  private func row(_ cells: [String]) -> String {
    "|" + cells.map { $0 + "|" }.joined()
  }

  private func centred(_ text: String, width: Int) -> String {
    let left = (width - text.count) / 2
    return String(repeating: " ", count: left) + text
      + String(repeating: " ", count: width - left - text.count)
  }

  /// The balls' marks at columns 1 and 3 (the tenth frame's at 1, 4 and 7, so each of its
  /// fresh racks has room for a split); a split's parentheses take the columns beside it.
  private func marksCell(_ balls: [Ball], width: Int, style: TextStyle) -> String {
    var cell = ""
    var column = 0
    let spacing = width == Self.tenthWidth ? 3 : 2
    for (index, ball) in balls.enumerated() {
      let symbol = ball.mark.symbol
      let text = ball.isSplit ? "(\(symbol))" : symbol
      let start = 1 + spacing * index - (ball.isSplit ? 1 : 0)
      cell += String(repeating: " ", count: max(0, start - column))
      cell += style.apply(look(of: ball), to: text)
      column = max(column, start) + text.count
    }
    return cell + String(repeating: " ", count: max(0, width - column))
  }

  private func look(of ball: Ball) -> TextStyle.Look? {
    if ball.isSplit { return .red }
    switch ball.mark {
    case .strike, .spare: return .green
    case .foul: return .yellow
    case .miss, .count: return nil
    }
  }

  private func totalCell(_ frame: Frame?, width: Int) -> String {
    let text = frame.map { $0.cumulative.map(String.init) ?? Self.pendingTotal } ?? ""
    return String(repeating: " ", count: width - 1 - text.count) + text + " "
  }

  /// `Total 53, next: …` when every bowled frame is known; otherwise the total is pending,
  /// with the last known running total and its frame.
  private func status(of game: Game, style: TextStyle) -> String {
    let lastKnown = game.frames.last { $0.cumulative != nil }
    let total: String
    if game.frames.allSatisfy({ $0.cumulative != nil }) {
      total = style.apply(.bold, to: "Total \(game.total)")
    } else if let lastKnown, let cumulative = lastKnown.cumulative {
      total = "Total pending (\(cumulative) through frame \(lastKnown.number))"
    } else {
      total = "Total pending"
    }
    guard let next = game.nextBall else { return "\(total), game complete" }
    return "\(total), next: \(next)"
  }
}
