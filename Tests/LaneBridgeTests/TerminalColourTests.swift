import Testing
@testable import LaneBridge

/// Where output goes, what the environment says, and whether colour is wanted.
struct ColourCase: CustomTestStringConvertible, Sendable {
  let isTerminal: Bool
  let environment: [String: String]
  let wanted: Bool

  var testDescription: String {
    "\(isTerminal ? "terminal" : "pipe") with \(environment) → \(wanted ? "colour" : "plain")"
  }
}

@Suite("Choosing colour")
struct TerminalColourTests {
  @Test("When output is a terminal, NO_COLOR unset or empty and TERM not dumb, then colour is wanted",
    arguments: [
      ColourCase(isTerminal: true, environment: [:], wanted: true),
      ColourCase(isTerminal: true, environment: ["NO_COLOR": ""], wanted: true),
      ColourCase(isTerminal: true, environment: ["NO_COLOR": "1"], wanted: false),
      ColourCase(isTerminal: false, environment: [:], wanted: false),
      ColourCase(isTerminal: false, environment: ["NO_COLOR": "1"], wanted: false),
      ColourCase(isTerminal: true, environment: ["TERM": "dumb"], wanted: false),
      ColourCase(isTerminal: true, environment: ["TERM": "xterm-256color"], wanted: true),
    ])
  func colour(colourCase: ColourCase) {
    let wanted = TerminalColour.isWanted(
      isTerminal: colourCase.isTerminal, environment: colourCase.environment)
    #expect(wanted == colourCase.wanted)
  }
}
