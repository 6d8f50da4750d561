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
  @Test("When output is a terminal and NO_COLOR is unset or empty, then colour is wanted",
    arguments: [
      ColourCase(isTerminal: true, environment: [:], wanted: true),
      ColourCase(isTerminal: true, environment: ["NO_COLOR": ""], wanted: true),
      ColourCase(isTerminal: true, environment: ["NO_COLOR": "1"], wanted: false),
      ColourCase(isTerminal: false, environment: [:], wanted: false),
      ColourCase(isTerminal: false, environment: ["NO_COLOR": "1"], wanted: false),
    ])
  func colour(colourCase: ColourCase) {
    let wanted = TerminalColour.isWanted(
      isTerminal: colourCase.isTerminal, environment: colourCase.environment)
    #expect(wanted == colourCase.wanted)
  }
}
