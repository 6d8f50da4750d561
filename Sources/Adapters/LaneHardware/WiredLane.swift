import Bowling
import GPIO
import POSIX
import GPIOPinSensor
import LaneBridge
import LaneSensing
import Wiring

/// A lane's sensors opened from its wiring file: the GPIO sensor, and the wiring as resolved
/// on the real chip.
public struct WiredLane {
  /// The sensor reading the lane's lines.
  public let sensor: GPIOPinSensor
  /// The wiring with every input resolved to an offset on the chip.
  public let wiring: ResolvedWiring

  /// Loads the wiring file, opens its chip, checks the wiring against the chip's lines and
  /// requests them.
  ///
  /// - Parameters:
  ///   - consumer: The name other programs see holding the lines (`gpioinfo`).
  ///   - wake: Ends the sensor's waits early when signalled (a stop request).
  /// - Throws: ``LaneSetupError`` saying what is wrong and what to do.
  public init(
    wiringFile path: String, consumer: String = "lane", wake: WakeEvent? = nil
  ) throws(LaneSetupError) {
    let file: WiringFile
    do { file = try WiringFile(contentsOf: path) } catch { throw .wiring(error) }
    let chip: GPIOChip
    let inventory: ChipInventory
    do {
      switch file.wiring.chip {
      case .path(let chipPath): chip = try GPIOChip(path: chipPath)
      case .label(let label): chip = try GPIOChip(label: label)
      }
      inventory = try ChipInventory(chip)
    } catch {
      throw .gpio(error)
    }
    do { wiring = try file.resolved(on: inventory) } catch { throw .wiring(error) }
    var configuration = try Self.sensorConfiguration(wiring, chip: .open(chip), file: file.name)
    configuration.consumer = consumer
    do { sensor = try GPIOPinSensor(configuration, wake: wake) } catch { throw .gpio(error) }
  }

  /// The throw detector's windows as the wiring file sets them.
  public var detector: ThrowDetector.Configuration { wiring.detector.configuration }

  /// The sensor configuration for a resolved wiring: one request, one bias, each input's own
  /// active level, and the bounce window as the kernel's debounce period where it has one.
  static func sensorConfiguration(
    _ wiring: ResolvedWiring, chip: GPIOPinSensor.Configuration.Chip, file: String
  ) throws(LaneSetupError) -> GPIOPinSensor.Configuration {
    let byBias = Dictionary(grouping: wiring.inputs, by: \.bias)
    guard byBias.count == 1, let bias = byBias.keys.first else {
      throw .mixedBias(
        file: file,
        biases: Dictionary(uniqueKeysWithValues: byBias.map { bias, inputs in
          (bias.rawValue, inputs.map(\.role.keyPath))
        }))
    }
    func input(_ resolved: ResolvedWiring.Input) -> GPIOPinSensor.Configuration.Input {
      .init(LineOffset(rawValue: UInt32(resolved.offset)), activeLow: resolved.activeLow)
    }
    return GPIOPinSensor.Configuration(
      chip: chip,
      pins: GPIOPinSensor.Configuration.PinInputs { pin in input(wiring[pin]) },
      ball: wiring[.ball].map(input),
      foul: wiring[.foul].map(input),
      cycle: wiring[.cycle].map(input),
      pinActiveMeans: .down,
      bias: bias.gpio,
      debounce: DebouncePeriod(wiring.detector.bounce))
  }
}

extension Wiring.Bias {
  /// The same setting in libgpiod's words.
  var gpio: Bias {
    switch self {
    case .asIs: .asIs
    case .disabled: .disabled
    case .pullUp: .pullUp
    case .pullDown: .pullDown
    }
  }
}
