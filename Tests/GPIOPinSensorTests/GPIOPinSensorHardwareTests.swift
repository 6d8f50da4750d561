import Bowling
import GPIO
import Glibc
import LaneSensing
import TestSupport
import Testing

@testable import GPIOPinSensor

/// The gpio-sim chip to use, from `LANEBRIDGE_GPIO_CHIP` (a path, kernel name
/// or label): lines 0-12 free inputs, read as pins 1-10, ball, foul, cycle.
private let testChip = getenv("LANEBRIDGE_GPIO_CHIP").map { String(cString: $0) }

/// The sysfs folder holding the chip's `sim_gpioN/pull` files, from
/// `LANEBRIDGE_GPIO_SIM_PULL_DIR`; writing `pull-up` or `pull-down` there
/// drives line N as a switch would.
private let pullDirectory = getenv("LANEBRIDGE_GPIO_SIM_PULL_DIR").map { String(cString: $0) }

@Suite(
  "GPIO pin sensor on a gpio-sim chip",
  .tags(.hardware),
  .enabled(
    if: testChip != nil && pullDirectory != nil,
    """
    Needs LANEBRIDGE_GPIO_CHIP naming a gpio-sim chip whose lines 0-12 are free inputs \
    (pins 1-10, ball, foul, cycle) and LANEBRIDGE_GPIO_SIM_PULL_DIR naming the sysfs \
    folder that holds its sim_gpioN/pull files
    """),
  .serialized)
final class GPIOPinSensorHardwareTests {
  /// Pin 7's line.
  let pin7Line = 6
  /// Pin 7's pull as the rig left it, restored when the test ends.
  let pin7Pull: String?
  /// The clock just before and just after the sensor opened.
  let opened: ClosedRange<SensorInstant>
  /// Reads the rig with every line active-low and pulled up: all ten stand.
  let sensor: GPIOPinSensor

  init() throws {
    pin7Pull = Self.pull(line: pin7Line)
    let before = MonotonicClock.now()
    sensor = try GPIOPinSensor(optoConfiguration(chip: .named(testChip ?? "")))
    opened = before...MonotonicClock.now()
  }

  deinit {
    sensor.close()
    if let pin7Pull { Self.setPull(line: pin7Line, to: pin7Pull) }
  }

  @Test("When opened, then the first reading is a snapshot of all ten standing, stamped while it opened")
  func snapshotFirst() throws {
    let reading = try sensor.next(timeout: .zero)

    guard case .event(let event)? = reading, case .snapshot(let standing) = event.kind else {
      Issue.record("The first reading is \(String(describing: reading)), not a snapshot")
      return
    }
    #expect(standing == .full)
    #expect(opened.contains(event.time))
    #expect(sensor.standing == .full)
  }

  @Test("When nothing moves for 20 ms, then the reading is quiet until at least 20 ms on, and that time has come")
  func quiet() throws {
    let snapshot = try #require(try sensor.next(timeout: .zero))

    let reading = try sensor.next(timeout: .milliseconds(20))
    let after = MonotonicClock.now()

    guard case .quiet(let until)? = reading else {
      Issue.record("Expected a quiet reading, got \(String(describing: reading))")
      return
    }
    #expect(until - snapshot.time >= .milliseconds(20))
    #expect(until <= after)
  }

  @Test("When the caller asks for 150 ms a while after the snapshot, then the wait ends 150 ms after the snapshot, as the detector counts")
  func timeoutInSensorTime() throws {
    let snapshot = try #require(try sensor.next(timeout: .zero))

    usleep(100_000)
    let reading = try sensor.next(timeout: .milliseconds(150))

    guard case .quiet(let until)? = reading else {
      Issue.record("Expected a quiet reading, got \(String(describing: reading))")
      return
    }
    #expect(until - snapshot.time == .milliseconds(150))
  }

  @Test("When pin 7's line is pulled down, then pin 7 reads down, stamped by the kernel between the pull and the read")
  func pinFalls() throws {
    _ = try sensor.next(timeout: .zero)

    let beforePull = MonotonicClock.now()
    #expect(Self.setPull(line: pin7Line, to: "pull-down"))
    let reading = try sensor.next(timeout: .seconds(2))
    let afterRead = MonotonicClock.now()

    guard case .event(let event)? = reading else {
      Issue.record("Expected pin 7's event, got \(String(describing: reading))")
      return
    }
    #expect(event.kind == .pin(Pin(rawValue: 7)!, .down))
    #expect((beforePull...afterRead).contains(event.time))
    #expect(sensor.standing == ([7] as PinSet).complement)
  }

  @Test("When closed twice, then reads return nil and the lines are free again")
  func close() throws {
    let chip = try #require(sensor.chip)

    sensor.close()
    sensor.close()

    #expect(try sensor.next(timeout: .zero) == nil)
    #expect(sensor.chip == nil)
    #expect(try chip.lineInfo(at: LineOffset(rawValue: UInt32(pin7Line))).isUsed == false)
  }

  @Test(
    "When pin 7 chatters past a two-event kernel queue, then the loss is reported, a snapshot follows, and the deck ends right",
    .enabled(if: LibGPIOD.supportsSequenceNumbers, "Only libgpiod 2.x numbers events"))
  func lostEvents() throws {
    // Given a sensor whose kernel queue holds two events.
    sensor.close()
    var configuration = optoConfiguration(chip: .named(testChip ?? ""))
    configuration.eventBufferSize = 2
    let lossy = try GPIOPinSensor(configuration)
    var readings = [try #require(try lossy.next(timeout: .zero))]

    // When pin 7 falls and stands four times while nothing reads, then once
    // more after a read (a kernel that drops the newest events shows the gap
    // only at the next event).
    for _ in 0..<2 {
      for pull in ["pull-down", "pull-up", "pull-down", "pull-up"] {
        #expect(Self.setPull(line: pin7Line, to: pull))
        usleep(5_000)
      }
      while let reading = try lossy.next(timeout: .milliseconds(50)) {
        if case .quiet = reading { break }
        readings.append(reading)
      }
    }

    // Then a loss is followed at once by a snapshot, and pin 7 stands at the end.
    let lost = readings.indices.filter {
      if case .lost = readings[$0] { true } else { false }
    }
    #expect(!lost.isEmpty)
    for index in lost {
      guard index + 1 < readings.count, case .event(let event) = readings[index + 1],
        case .snapshot = event.kind
      else {
        Issue.record("Reading \(index) is lost but no snapshot follows: \(readings)")
        continue
      }
    }
    #expect(zip(readings, readings.dropFirst()).allSatisfy { $0.time <= $1.time })
    #expect(lossy.standing == .full)
  }

  // MARK: The rig's pull files

  /// The pull of `line` (`pull-up` or `pull-down`), or `nil` if unreadable.
  private static func pull(line: Int) -> String? {
    guard let pullDirectory, let file = fopen("\(pullDirectory)/sim_gpio\(line)/pull", "r")
    else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 32)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
    let bytes = buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Drives `line` by writing `pull` (`pull-up` or `pull-down`) to its pull
  /// file; records an issue and returns `false` if the write fails.
  @discardableResult
  private static func setPull(line: Int, to pull: String) -> Bool {
    let path = "\(pullDirectory ?? "")/sim_gpio\(line)/pull"
    let descriptor = open(path, O_WRONLY)
    guard descriptor >= 0 else {
      Issue.record("Cannot open \(path): \(String(cString: strerror(errno)))")
      return false
    }
    defer { Glibc.close(descriptor) }
    let written = pull.withCString { write(descriptor, $0, strlen($0)) }
    guard written == pull.utf8.count else {
      Issue.record("Cannot write \(pull) to \(path): \(String(cString: strerror(errno)))")
      return false
    }
    return true
  }
}
