import Testing
@testable import Bowling

@Suite("Pins and pin sets")
struct PinSetTests {
  @Test("When a pin number is outside 1 to 10, then there is no such pin")
  func pinRange() {
    #expect(Pin(rawValue: 0) == nil)
    #expect(Pin(rawValue: 11) == nil)
    #expect(Pin(rawValue: 10)?.rawValue == 10)
  }

  @Test("When pins are inserted and removed, then the set holds exactly the rest, in order")
  func insertRemove() {
    var set: PinSet = [7, 10, 1]
    set.remove(Pin.head)
    set.insert(Pin(rawValue: 4)!)
    #expect(Array(set).map(\.rawValue) == [4, 7, 10])
    #expect(set.count == 3)
    #expect(set.description == "4-7-10")
  }

  @Test("When a set is named, then its pin numbers are joined by dashes, and no pins is a dash")
  func naming() {
    #expect(PinSet.empty.description == "-")
    #expect(PinSet.full.description == "1-2-3-4-5-6-7-8-9-10")
    #expect(PinSet([Pin(rawValue: 10)!]).description == "10")
    #expect(([1, 9] as PinSet).description == "1-9")
  }

  @Test("When a mask has bits above the tenth pin, then it is not a pin set")
  func maskRange() {
    #expect(PinSet(bits: 0b100_0000_0000) == nil)
    #expect(PinSet(bits: 0b11_1111_1111) == PinSet.full)
  }

  @Test("Then each pin sits in its row and lateral position on the deck")
  func geometry() {
    let positions = Pin.allCases.map { [$0.row, $0.lateral] }
    #expect(positions == [
      [1, 0], [2, -1], [2, 1], [3, -2], [3, 0], [3, 2], [4, -3], [4, -1], [4, 1], [4, 3],
    ])
  }
}
