import Bowling
import GPIO
import LaneSensing
import Testing

@testable import GPIOPinSensor

@Suite("GPIO pin sensor configuration")
struct ConfigurationTests {
  @Suite("Given the opto-isolated rig: pins on lines 0-9, ball, foul and cycle on 10-12")
  struct Rig {
    let configuration = optoConfiguration()

    @Test("When the lines are requested, then one request holds all thirteen in pin, ball, foul, cycle order")
    func offsets() {
      let request = configuration.lineRequest(kernelDebounce: true)

      #expect(request.offsets == (0...12).map { LineOffset(rawValue: UInt32($0)) })
    }

    @Test("When the lines are requested, then they are read as wired, on both edges, on the monotonic clock")
    func settings() {
      let request = configuration.lineRequest(kernelDebounce: true)

      #expect(request.activeLow == false)
      #expect(request.edgeDetection == .both)
      #expect(request.eventClock == .monotonic)
      #expect(request.bias == .pullUp)
      #expect(request.consumer == "lane-test")
    }

    @Test("When each input's role is listed, then it keeps its own active level")
    func roles() {
      let lines = Dictionary(uniqueKeysWithValues: configuration.lines.map { ($0.offset, $0.line) })

      #expect(lines[line(of: 1)] == .init(role: .pin(Pin.head), activeLow: true))
      #expect(lines[line(of: 10)] == .init(role: .pin(Pin(rawValue: 10)!), activeLow: true))
      #expect(lines[ballLine] == .init(role: .ball, activeLow: true))
      #expect(lines[foulLine] == .init(role: .foul, activeLow: false))
      #expect(lines[cycleLine] == .init(role: .cycle, activeLow: true))
    }

    @Test("When no input shares a line, then there are no duplicate offsets")
    func noDuplicates() {
      #expect(configuration.duplicateOffsets.isEmpty)
    }
  }

  @Suite("Given a kernel debounce period")
  struct Debounce {
    var configuration = optoConfiguration()

    init() {
      configuration.debounce = .milliseconds(2)
    }

    @Test("When libgpiod can debounce, then the request asks the kernel for it")
    func supported() {
      #expect(configuration.lineRequest(kernelDebounce: true).debounce == .milliseconds(2))
    }

    @Test("Then only the pin lines are debounced, so short ball and foul pulses reach the detector")
    func onlyPinsDebounced() {
      #expect(configuration.lineRequest(kernelDebounce: true).debouncedOffsets
        == Set((0...9).map { LineOffset(rawValue: $0) }))
    }

    @Test("When libgpiod cannot debounce, then the request asks for none instead of failing")
    func unsupported() {
      #expect(configuration.lineRequest(kernelDebounce: false).debounce == .none)
    }
  }

  @Suite("Given only the ten pins")
  struct PinsOnly {
    let configuration = GPIOPinSensor.Configuration(
      chip: .named("unused"),
      pins: .init { pin in .init(LineOffset(rawValue: UInt32(20 + pin.rawValue))) })

    @Test("When the lines are requested, then only the pins' lines are held")
    func offsets() {
      #expect(configuration.lineRequest(kernelDebounce: false).offsets
        == (21...30).map { LineOffset(rawValue: UInt32($0)) })
    }

    @Test("When nothing is said of the pins' polarity, then an active pin input means the pin is down")
    func defaultPolarity() {
      #expect(configuration.pinActiveMeans == .down)
      #expect(configuration.pins[Pin.head] == .init(21, activeLow: false))
    }
  }

  @Suite("Given inputs that share lines")
  struct Shared {
    @Test("When the ball and pin 4 share line 3 and the foul pin 9's, then both offsets are duplicates")
    func duplicates() {
      var configuration = optoConfiguration()
      configuration.ball = .init(3)
      configuration.foul = .init(8)

      #expect(configuration.duplicateOffsets == [3, 8])
    }
  }

  @Suite("Given pin inputs made from a wiring table")
  struct FromTable {
    struct MissingPin: Error, Equatable {
      var pin: Int
    }

    @Test("When a pin has no line, then making the inputs throws the table's error")
    func missing() {
      let table: [Int: LineOffset] = [1: 4, 2: 17]

      #expect(throws: MissingPin(pin: 3)) {
        try GPIOPinSensor.Configuration.PinInputs { (pin) throws(MissingPin) in
          guard let offset = table[pin.rawValue] else { throw MissingPin(pin: pin.rawValue) }
          return .init(offset)
        }
      }
    }

    @Test("When an input is replaced, then only that pin's input changes")
    func replace() {
      var pins = optoConfiguration().pins

      pins[Pin(rawValue: 7)!] = .init(40, activeLow: false)

      #expect(pins[Pin(rawValue: 7)!] == .init(40, activeLow: false))
      #expect(pins[Pin(rawValue: 6)!] == .init(5, activeLow: true))
    }
  }
}
