import Calibration
import GPIO
import GPIOLineSensor
import Glibc
import LaneBridge
import Wiring

/// What `lane calibrate` opens before it talks to the technician: the chip's survey, its free
/// lines watched, and for a re-check the wiring file resolved on the chip.
public struct CalibrationSetup {
  /// The chip and all its lines.
  public let survey: ChipSurvey
  /// The free lines, requested as wired with both edges watched.
  public let sensor: GPIOLineSensor
  /// The pull resistor the lines were requested with.
  public let bias: Wiring.Bias
  /// For a re-check, the wiring file resolved on the chip; `nil` for a calibration.
  public let wiring: ResolvedWiring?

  /// Opens the chip (the wiring file's for a re-check), surveys it and watches its free lines.
  ///
  /// - Parameters:
  ///   - chip: A path, kernel name or label, as `GPIOChip(named:)` takes it.
  ///   - check: A wiring file to re-check, whose chip and bias are used instead.
  ///   - bias: The pull resistor to request the lines with.
  ///   - lines: Only these offsets, or `nil` for every free line.
  /// - Throws: ``LaneSetupError`` with GPIOError's advice: no such chip, no permission,
  ///   the wiring's lines held by another program, more lines than one request holds.
  public init(
    chip name: String, check: String?, bias: Wiring.Bias, lines: [Int]?,
    consumer: String = "lane calibrate"
  ) throws(LaneSetupError) {
    var file: WiringFile?
    if let check {
      do { file = try WiringFile(contentsOf: check) } catch { throw .wiring(error) }
    }
    let chip: GPIOChip
    let survey: ChipSurvey
    do {
      switch file?.wiring.chip {
      case .path(let path)?: chip = try GPIOChip(path: path)
      case .label(let label)?: chip = try GPIOChip(label: label)
      case nil: chip = try GPIOChip(named: name)
      }
      survey = try ChipSurvey(chip)
    } catch {
      throw .gpio(error)
    }

    var wiring: ResolvedWiring?
    var requestedBias = bias
    if let file {
      let inventory = ChipInventory(chipName: chip.info.name, lineNames: survey.lines.map(\.name))
      do { wiring = try file.resolved(on: inventory) } catch { throw .wiring(error) }
      let biases = Dictionary(grouping: wiring?.inputs ?? [], by: \.bias)
      guard biases.count == 1, let only = biases.keys.first else {
        throw .mixedBias(
          file: file.name,
          biases: Dictionary(uniqueKeysWithValues: biases.map { ($0.key.rawValue, $0.value.map(\.role.keyPath)) }))
      }
      requestedBias = only
      let busy = (wiring?.offsets ?? []).compactMap { offset in
        survey[offset].flatMap { $0.isUsed ? GPIOError.BusyLine(
          offset: LineOffset(rawValue: UInt32(offset)), consumer: $0.consumer) : nil }
      }
      if !busy.isEmpty {
        throw .gpio(GPIOError(
          operation: .requestLines(chip: chip.info.path, .init(offsets: busy.map(\.offset))),
          errno: EBUSY, problem: .linesBusy(busy)))
      }
    }

    var offsets = survey.freeLines.map(\.offset)
    if let lines { offsets = offsets.filter(Set(lines).contains) }
    if let wiring { offsets = Array(Set(offsets).union(wiring.offsets)).sorted() }
    let configuration = LineRequest.Configuration(
      offsets: offsets.map { LineOffset(rawValue: UInt32($0)) }, consumer: consumer)
    guard offsets.count <= GPIOLineSensor.maximumLines else {
      throw .gpio(GPIOError(
        operation: .requestLines(chip: chip.info.path, configuration), errno: E2BIG,
        problem: .tooManyLines(offsets.count)))
    }
    self.survey = survey
    self.bias = requestedBias
    self.wiring = wiring
    do {
      sensor = try GPIOLineSensor(
        chip: chip, offsets: offsets, bias: requestedBias.gpio, consumer: consumer)
    } catch {
      throw .gpio(error)
    }
  }
}
