import Bowling
import LaneSensing
import Testing

@Suite("Keeping the standing pins up to date from events")
struct PinSetApplyTests {
  @Test("When pin, snapshot and other events are applied, then only pin levels change the set")
  func apply() {
    var standing = PinSet.full
    standing.apply(SensorEvent(.pin(Pin(rawValue: 7)!, .down), at: .zero))
    standing.apply(SensorEvent(.ball, at: .zero))
    #expect(standing == PinSet.full.subtracting([7]))
    standing.apply(SensorEvent(.snapshot(standing: [1, 2]), at: .zero))
    standing.apply(SensorEvent(.pin(Pin(rawValue: 3)!, .standing), at: .zero))
    #expect(standing == [1, 2, 3])
  }
}
