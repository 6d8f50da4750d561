import Bowling
import Testing
@testable import Scoreboard

@Suite("The pin-deck picture")
struct PinDeckTests {
  @Test("When all ten stand, then the triangle shows every number, back row on top")
  func fullRack() {
    #expect(PinDeck().render(standing: .full) == """
       7   8   9  10
         4   5   6
           2   3
             1
      """)
  }

  @Test("When the 7-10 split stands, then only the corners show numbers")
  func sevenTen() {
    #expect(PinDeck().render(standing: [7, 10]) == """
       7   .   .  10
         .   .   .
           .   .
             .
      """)
  }

  @Test("When no pin stands, then every position shows the down mark")
  func cleared() {
    #expect(PinDeck().render(standing: .empty) == """
       .   .   .   .
         .   .   .
           .   .
             .
      """)
  }

  @Test("When colour is on, then standing pins are bold and fallen pins dim")
  func colour() {
    let text = PinDeck(colour: true).render(standing: [1])
    #expect(text.hasSuffix("      \u{1B}[1m1\u{1B}[0m"))
    #expect(text.hasPrefix(" \u{1B}[2m.\u{1B}[0m"))
  }
}
