import Bowling
import LaneSensing
import SimulatedPinSensor
import Testing

@testable import LaneBridge

/// A wall clock that moves only when slept on, or when a test moves it.
final class ManualWallClock: WallClock, @unchecked Sendable {
  var time: Duration = .zero
  private(set) var sleeps: [Duration] = []

  func now() -> Duration { time }

  func sleep(for duration: Duration) {
    sleeps.append(duration)
    time += duration
  }
}

@Suite("Replaying at the trace's pace")
struct PacedSensorTests {
  let script = SensorScript()
    .ball(at: .milliseconds(1_500))
    .pin(1, fallsAt: .seconds(4))

  @Test("When readings are taken, then each waits as long after the first as the trace says")
  func paces() throws {
    let clock = ManualWallClock()
    var sensor = PacedSensor(SimulatedPinSensor(script: script), clock: clock)

    var times: [SensorInstant] = []
    while let reading = try sensor.next(timeout: .seconds(60)) { times.append(reading.time) }

    #expect(times.map(\.nanoseconds) == [0, 1_500_000_000, 4_000_000_000])
    #expect(clock.sleeps == [.milliseconds(1_500), .milliseconds(2_500)])
  }

  @Test("When the consumer is already late, then the reading comes without sleeping")
  func lateConsumer() throws {
    let clock = ManualWallClock()
    var sensor = PacedSensor(SimulatedPinSensor(script: script), clock: clock)
    _ = try sensor.next(timeout: .seconds(60))

    clock.time = .seconds(2)
    _ = try sensor.next(timeout: .seconds(60))

    #expect(clock.sleeps.isEmpty)
  }
}
