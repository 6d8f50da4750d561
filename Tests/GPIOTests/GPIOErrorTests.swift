import Glibc
import Testing

@testable import GPIO

@Suite("Diagnosing libgpiod errors")
struct GPIOErrorTests {
  static let pi = GPIOChip.Info(
    path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-bcm2711", lineCount: 58)
  static let request = LineRequest.Configuration(offsets: [17, 27, 22], consumer: "lane")

  @Suite("Given a chip that does not exist")
  struct ChipMissing {
    let operation = GPIOError.Operation.openChip(path: "/dev/gpiochip7")

    @Test("When other chips exist, then the message lists each of them")
    func listsChips() {
      let chips: [GPIOChip.Listing] = [
        .chip(GPIOErrorTests.pi),
        .unopenable(path: "/dev/gpiochip1", errno: EACCES),
      ]
      let error = GPIOError(
        operation: operation, errno: ENOENT, context: FakeContext(chips: chips))

      #expect(error.problem == .chipMissing(available: chips))
      #expect(error.description.contains("Cannot open GPIO chip /dev/gpiochip7"))
      #expect(error.description.contains(#"/dev/gpiochip0 "pinctrl-bcm2711" (58 lines)"#))
      #expect(error.description.contains("/dev/gpiochip1 (cannot open: Permission denied)"))
    }

    @Test("When no chip exists at all, then the message says none were found")
    func noChips() {
      let error = GPIOError(operation: operation, errno: ENOENT, context: FakeContext())

      #expect(error.problem == .chipMissing(available: []))
      #expect(error.description.contains("No GPIO chips were found"))
    }

    @Test("When a label matches no chip, then the message names the label")
    func label() {
      let error = GPIOError(
        operation: .openChipLabelled("lane-io", directory: "/dev"), errno: ENOENT,
        context: FakeContext(chips: [.chip(GPIOErrorTests.pi)]))

      #expect(error.description.contains(#"no GPIO chip is labelled "lane-io""#))
      #expect(error.description.contains("pinctrl-bcm2711"))
    }

    @Test("When the path is not a GPIO device, then the message says so and lists chips")
    func notAChip() {
      let error = GPIOError(
        operation: operation, errno: ENOTTY,
        context: FakeContext(chips: [.chip(GPIOErrorTests.pi)]))

      #expect(error.problem == .notAChip(available: [.chip(GPIOErrorTests.pi)]))
      #expect(error.description.contains("not a GPIO character device"))
    }
  }

  @Suite("Given the user may not open the chip")
  struct PermissionDenied {
    static let operations: [GPIOError.Operation] = [
      .openChip(path: "/dev/gpiochip0"),
      .openChipLabelled("pinctrl-bcm2711", directory: "/dev"),
      .requestLines(chip: "/dev/gpiochip0", GPIOErrorTests.request),
    ]

    @Test(
      "When the kernel says EACCES or EPERM, then the message explains the udev rule and the gpio group",
      arguments: [EACCES, EPERM], operations)
    func udevAdvice(errno: Int32, operation: GPIOError.Operation) {
      let error = GPIOError(operation: operation, errno: errno, context: FakeContext())

      #expect(error.problem == .permissionDenied)
      #expect(error.description.contains(#"KERNEL=="gpiochip*", GROUP="gpio", MODE="0660""#))
      #expect(error.description.contains("usermod -aG gpio"))
      #expect(error.errno == errno)
    }
  }

  @Suite("Given lines another consumer holds")
  struct LinesBusy {
    let operation = GPIOError.Operation.requestLines(
      chip: "/dev/gpiochip0", GPIOErrorTests.request)

    @Test("When the holder gave a name, then the message names line and consumer")
    func namedConsumer() {
      let context = FakeContext(lineInfos: [
        17: .init(offset: 17, name: "GPIO17", consumer: "gpio-keys", isUsed: true),
        27: .init(offset: 27, name: "GPIO27", consumer: "", isUsed: false),
      ])
      let error = GPIOError(operation: operation, errno: EBUSY, context: context)

      #expect(error.problem == .linesBusy([.init(offset: 17, consumer: "gpio-keys")]))
      #expect(error.description.contains(#"line 17 is already in use by "gpio-keys""#))
      #expect(error.description.contains("gpioinfo"))
    }

    @Test("When the holder gave no name, then the message says a kernel driver or program holds it")
    func unnamedConsumer() {
      let context = FakeContext(lineInfos: [
        22: .init(offset: 22, name: "", consumer: "", isUsed: true)
      ])
      let error = GPIOError(operation: operation, errno: EBUSY, context: context)

      #expect(error.description.contains("line 22 is already in use by a consumer that gave no name"))
    }

    @Test("When the line information cannot be read, then the message still says a line is busy")
    func unknownConsumer() {
      let error = GPIOError(operation: operation, errno: EBUSY, context: FakeContext())

      #expect(error.problem == .linesBusy([]))
      #expect(error.description.contains("already in use"))
    }
  }

  @Suite("Given an invalid request")
  struct InvalidRequest {
    @Test("When an offset is beyond the chip, then the message says how many lines it has")
    func beyondChip() {
      let configuration = LineRequest.Configuration(offsets: [4, 58, 60])
      let error = GPIOError(
        operation: .requestLines(chip: "/dev/gpiochip0", configuration), errno: EINVAL,
        context: FakeContext(lines: 58))

      #expect(error.problem == .offsetsBeyondChip([58, 60], lineCount: 58))
      #expect(error.description.contains("lines 58 and 60 are beyond the chip, which has 58 lines (offsets 0-57)"))
    }

    @Test("When line information is asked beyond the chip, then the message says how many lines it has")
    func lineInfoBeyondChip() {
      let error = GPIOError(
        operation: .readLineInfo(chip: "/dev/gpiochip0", offset: 64), errno: EINVAL,
        context: FakeContext(lines: 58))

      #expect(error.problem == .offsetsBeyondChip([64], lineCount: 58))
      #expect(error.description.contains("line 64 is beyond the chip"))
    }

    @Test("When an offset is requested twice, then the message names it")
    func duplicates() {
      let configuration = LineRequest.Configuration(offsets: [5, 6, 5])
      let error = GPIOError(
        operation: .requestLines(chip: "/dev/gpiochip0", configuration), errno: EINVAL,
        context: FakeContext(lines: 58))

      #expect(error.problem == .duplicateOffsets([5]))
    }

    @Test("When a line name is unknown, then the message says to check it or use the offset")
    func unknownName() {
      let error = GPIOError(
        operation: .findLine(chip: "/dev/gpiochip0", name: "GPIO99"), errno: ENOENT,
        context: FakeContext())

      #expect(error.problem == .lineNameMissing)
      #expect(error.description.contains(#"find the line named "GPIO99""#))
    }
  }

  @Suite("Given a setting the build cannot do")
  struct Unsupported {
    let debounced = LineRequest.Configuration(offsets: [1], debounce: .milliseconds(5))

    @Test("When libgpiod 1.x is asked for a debounce period, then the message says to drop it or use 2.x")
    func debounceOnV1() {
      let error = GPIOError(
        operation: .requestLines(chip: "/dev/gpiochip0", debounced), errno: EOPNOTSUPP,
        context: FakeContext(library: (.v1, "1.6.3")))

      #expect(error.description.contains("libgpiod 1.6.3 (the v1 API) has no kernel debounce period"))
      #expect(error.description.contains("libgpiod 2"))
    }

    @Test("When libgpiod 2.x is refused a setting, then the message blames the driver")
    func driverOnV2() {
      let error = GPIOError(
        operation: .requestLines(chip: "/dev/gpiochip0", debounced), errno: EOPNOTSUPP,
        context: FakeContext(library: (.v2, "2.2.1")))

      #expect(error.description.contains("the chip's driver or the kernel does not support"))
    }
  }

  @Test("When the errno has no special meaning, then the message carries the system's text and number")
  func otherErrno() {
    let error = GPIOError(
      operation: .waitForEvents(chip: "/dev/gpiochip0"), errno: EIO, context: FakeContext())

    #expect(error.problem == .other)
    #expect(error.description.contains("Cannot wait for edge events on /dev/gpiochip0"))
    #expect(error.description.contains("Input/output error (errno \(EIO))"))
  }
}
