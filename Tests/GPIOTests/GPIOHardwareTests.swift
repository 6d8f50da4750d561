import Glibc
import TestSupport
import Testing

@testable import GPIO

/// The chip the hardware tests may use, from `LANEBRIDGE_GPIO_CHIP` (a path,
/// kernel name or label). Its last line must be a free input nobody drives
/// during the test, as on a gpio-sim chip. The last, not the first: the GPIO
/// pin sensor's hardware suite holds lines 0-12 of the same chip while this one
/// runs beside it (the gpio-sim rig gives the chip a 14th, spare line).
private let testChip = getenv("LANEBRIDGE_GPIO_CHIP").map { String(cString: $0) }

/// The libgpiod generation the build is meant to use, from
/// `LANEBRIDGE_EXPECT_LIBGPIOD` ("1" or "2"), set by the build scripts.
private let expectedGeneration = getenv("LANEBRIDGE_EXPECT_LIBGPIOD")
  .flatMap { Int(String(cString: $0)) }
  .flatMap(LibGPIOD.Generation.init(rawValue:))

@Test(
  "When the build script expects a libgpiod generation, then that one is compiled in",
  .enabled(if: expectedGeneration != nil, "Needs LANEBRIDGE_EXPECT_LIBGPIOD=1 or 2"))
func expectedGenerationIsCompiledIn() {
  #expect(LibGPIOD.generation == expectedGeneration)
}

@Suite(
  "Requesting lines on a kernel GPIO chip",
  .tags(.hardware),
  .enabled(
    if: testChip != nil,
    "Needs LANEBRIDGE_GPIO_CHIP naming a chip whose last line is a free input (e.g. gpio-sim)"),
  .serialized)
struct GPIOHardwareTests {
  let chip: GPIOChip
  /// The chip's last line, which the tests request.
  let line: LineOffset

  init() throws {
    chip = try GPIOChip(named: testChip ?? "")
    line = LineOffset(rawValue: UInt32(max(chip.info.lineCount, 1) - 1))
  }

  @Test("When the chips are listed, then the test chip is among them with its line count")
  func listed() {
    #expect(GPIOChip.available().contains(.chip(chip.info)))
    #expect(chip.info.lineCount > 0)
  }

  @Test("When the last line is requested, then the kernel shows it used by our consumer and nothing happens on it")
  func request() throws {
    let request = try chip.requestInputs(.init(offsets: [line], consumer: "lane-test"))

    let info = try chip.lineInfo(at: line)
    #expect(info.isUsed)
    #expect(info.consumer == "lane-test")
    #expect(try request.values().keys.sorted() == [line])
    #expect(try request.waitForEvents(timeout: .milliseconds(20)) == false)
    #expect(try request.readEvents().isEmpty)
  }

  @Test("When a line is requested twice, then the error names the consumer holding it")
  func busy() throws {
    let holder = try chip.requestInputs(.init(offsets: [line], consumer: "lane-holder"))
    let other = try GPIOChip(path: chip.info.path)

    let error = gpioError { () throws(GPIOError) in
      try other.requestInputs(.init(offsets: [line], consumer: "lane-second"))
    }

    #expect(error?.problem == .linesBusy([.init(offset: line, consumer: "lane-holder")]))
    withExtendedLifetime(holder) {}
  }

  @Test("When a line beyond the chip is requested, then the error says how many lines it has")
  func beyond() {
    let offset = LineOffset(rawValue: UInt32(chip.info.lineCount))

    let error = gpioError { () throws(GPIOError) in
      try chip.requestInputs(.init(offsets: [offset]))
    }

    #expect(error?.problem == .offsetsBeyondChip([offset], lineCount: chip.info.lineCount))
  }

  @Test(
    "When libgpiod 1.x is asked for a kernel debounce period, then it is refused as unsupported",
    .enabled(if: LibGPIOD.generation == .v1, "Only libgpiod 1.x lacks kernel debounce"))
  func debounceOnV1() {
    let error = gpioError { () throws(GPIOError) in
      try chip.requestInputs(.init(offsets: [line], debounce: .milliseconds(2)))
    }

    #expect(error?.errno == EOPNOTSUPP)
  }
}
