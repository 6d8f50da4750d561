import Glibc
import TestSupport
import Testing

@testable import GPIO

@Suite("Opening GPIO chips without a kernel chip")
struct GPIOChipTests {
  @Suite("Given a folder with no GPIO chips")
  struct EmptyFolder {
    let folder: ScratchFolder

    init() throws {
      folder = try ScratchFolder("gpio-tests")
    }

    @Test("When a chip path there is opened, then the error says the chip is missing and none were found")
    func missingPath() {
      let error = gpioError { () throws(GPIOError) in
        try GPIOChip(path: folder.path + "/gpiochip9")
      }

      #expect(error?.operation == .openChip(path: folder.path + "/gpiochip9"))
      #expect(error?.errno == ENOENT)
      #expect(error?.problem == .chipMissing(available: []))
      #expect(error?.description.contains("No GPIO chips were found") == true)
    }

    @Test("When a chip is opened by label, then the error names the label and says none were found")
    func missingLabel() {
      let error = gpioError { () throws(GPIOError) in
        try GPIOChip(label: "pinctrl-bcm2711", in: folder.path)
      }

      #expect(error?.problem == .chipMissing(available: []))
      #expect(error?.description.contains(#"no GPIO chip is labelled "pinctrl-bcm2711""#) == true)
    }

    @Test("When the chips are listed, then there are none")
    func listing() {
      #expect(GPIOChip.available(in: folder.path).isEmpty)
    }
  }

  @Suite("Given a folder whose gpiochip entries are plain files")
  struct FakeDevices {
    let folder: ScratchFolder

    init() throws {
      folder = try ScratchFolder("gpio-tests")
      for name in ["gpiochip10", "gpiochip2", "gpiochip0", "unrelated"] { try folder.touch(name) }
    }

    @Test("When the chips are listed, then each is unopenable, in number order")
    func listing() {
      let listed = GPIOChip.available(in: folder.path)

      #expect(listed.map(\.path) == ["gpiochip0", "gpiochip2", "gpiochip10"].map {
        folder.path + "/" + $0
      })
      #expect(listed.allSatisfy { if case .unopenable = $0 { true } else { false } })
    }

    @Test("When one is opened, then the error says it is not a GPIO chip and lists the others")
    func notAChip() {
      let error = gpioError { () throws(GPIOError) in
        try GPIOChip(path: folder.path + "/gpiochip2")
      }

      #expect(error?.errno == ENOTTY)
      #expect(error?.problem == .notAChip(available: GPIOChip.available(in: folder.path)))
      #expect(error?.description.contains("gpiochip10 (cannot open:") == true)
    }

    @Test("When a label is searched, then the plain files do not hide that no chip has it")
    func labelSearch() {
      let error = gpioError { () throws(GPIOError) in
        try GPIOChip(label: "gpio-sim.0-node0", in: folder.path)
      }

      #expect(error?.errno == ENOENT)
    }
  }

  @Test(
    "When a chip is named the way a person writes it, then it is opened by path, kernel name or label",
    arguments: [
      ("/nonexistent/gpiochip3", GPIOError.Operation.openChip(path: "/nonexistent/gpiochip3")),
      ("gpiochip99", .openChip(path: "/dev/gpiochip99")),
      ("no-such-label", .openChipLabelled("no-such-label", directory: "/dev")),
      ("gpiochip", .openChipLabelled("gpiochip", directory: "/dev")),
    ])
  func named(name: String, operation: GPIOError.Operation) {
    let error = gpioError { () throws(GPIOError) in try GPIOChip(named: name) }

    #expect(error?.operation == operation)
  }

  @Test("When /dev has no chip, then opening one lists exactly what /dev has")
  func realDev() {
    let error = gpioError { () throws(GPIOError) in try GPIOChip(path: "/dev/gpiochip-none") }

    #expect(error?.problem == .chipMissing(available: GPIOChip.available()))
  }

  @Test("The compiled-in generation matches the libgpiod library loaded at run time")
  func generation() {
    #expect(LibGPIOD.version.hasPrefix("\(LibGPIOD.generation.rawValue)."))
    #expect(LibGPIOD.supportsKernelDebounce == (LibGPIOD.generation == .v2))
    #expect(LibGPIOD.supportsSequenceNumbers == (LibGPIOD.generation == .v2))
  }
}
