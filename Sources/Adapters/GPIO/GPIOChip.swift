import Synchronization

/// An open GPIO chip (`/dev/gpiochipN`), closed when the last reference goes.
///
/// Calls on one chip are serialized; requests made from it keep it open.
public final class GPIOChip: Sendable {
  /// What a chip says about itself.
  public struct Info: Hashable, Sendable {
    /// The device path, e.g. `/dev/gpiochip0`.
    public var path: String
    /// The kernel name, e.g. `gpiochip0`.
    public var name: String
    /// The driver's label, e.g. `pinctrl-bcm2711` or `gpio-sim.0-node0`.
    public var label: String
    /// The number of lines; offsets run from 0 to `lineCount - 1`.
    public var lineCount: Int

    /// Creates chip information.
    public init(path: String, name: String, label: String, lineCount: Int) {
      self.path = path
      self.name = name
      self.label = label
      self.lineCount = lineCount
    }
  }

  /// What the kernel says about one line.
  public struct LineInfo: Hashable, Sendable {
    /// The line's offset.
    public var offset: LineOffset
    /// Its name from the device tree (`GPIO17`), `""` when unnamed.
    public var name: String
    /// Who holds it, `""` when nobody or the holder gave no name.
    public var consumer: String
    /// Whether a program or a kernel driver holds it.
    public var isUsed: Bool

    /// Creates line information.
    public init(offset: LineOffset, name: String, consumer: String, isUsed: Bool) {
      self.offset = offset
      self.name = name
      self.consumer = consumer
      self.isUsed = isUsed
    }
  }

  /// The chip's path, name, label and line count, read when it was opened.
  public let info: Info

  /// The folder whose chips error messages list (the chip's own folder).
  let directory: String

  private let handle: Mutex<Shim.Handle>

  /// Opens the chip at `path`, e.g. `/dev/gpiochip0`.
  ///
  /// - Throws: ``GPIOError`` with ``GPIOError/Problem/chipMissing(available:)``
  ///   listing the chips that exist, ``GPIOError/Problem/permissionDenied``, or
  ///   ``GPIOError/Problem/notAChip(available:)``.
  ///
  /// The corresponding C function is `gpiod_chip_open`.
  public convenience init(path: String) throws(GPIOError) {
    let directory = Self.directory(of: path)
    let operation = GPIOError.Operation.openChip(path: path)
    let opened: Shim.Handle
    do throws(Shim.Failure) {
      opened = try Shim.openChip(path: path)
    } catch {
      throw GPIOError(
        operation: operation, errno: error.errno,
        context: ChipListingContext(directory: directory))
    }
    try self.init(handle: opened, path: path, directory: directory, operation: operation)
  }

  /// Opens the first chip labelled `label` among the `gpiochip*` devices of
  /// `directory`.
  ///
  /// - Throws: ``GPIOError`` with ``GPIOError/Problem/chipMissing(available:)``
  ///   listing the chips that exist, or ``GPIOError/Problem/permissionDenied``
  ///   when a chip that might have been the one cannot be opened.
  ///
  /// The corresponding C functions are `gpiod_chip_open` and
  /// `gpiod_chip_get_info` on each chip.
  public convenience init(label: String, in directory: String = "/dev") throws(GPIOError) {
    let operation = GPIOError.Operation.openChipLabelled(label, directory: directory)
    let opened: Shim.Handle
    do throws(Shim.Failure) {
      opened = try Shim.openChip(label: label, in: directory)
    } catch {
      throw GPIOError(
        operation: operation, errno: error.errno,
        context: ChipListingContext(directory: directory))
    }
    try self.init(handle: opened, path: nil, directory: directory, operation: operation)
  }

  /// Opens a chip by what a person would write: a path (`/dev/gpiochip0`), a
  /// kernel name (`gpiochip0`), or otherwise a label (`pinctrl-bcm2711`).
  ///
  /// - Throws: ``GPIOError`` as ``init(path:)`` or ``init(label:in:)``.
  public convenience init(named name: String) throws(GPIOError) {
    if name.hasPrefix("/") {
      try self.init(path: name)
    } else if name.hasPrefix("gpiochip"), name.dropFirst(8).allSatisfy(\.isNumber),
      name.count > 8
    {
      try self.init(path: "/dev/" + name)
    } else {
      try self.init(label: name)
    }
  }

  /// Takes ownership of an open chip and reads its information.
  private init(
    handle opened: Shim.Handle, path: String?, directory: String,
    operation: GPIOError.Operation
  ) throws(GPIOError) {
    let raw: Shim.ChipInfo
    do throws(Shim.Failure) {
      raw = try Shim.chipInfo(opened)
    } catch {
      Shim.closeChip(opened)
      throw GPIOError(
        operation: operation, errno: error.errno,
        context: ChipListingContext(directory: directory))
    }
    let name = Shim.string(fromName: raw.name)
    self.info = Info(
      path: path ?? directory + "/" + name,
      name: name,
      label: Shim.string(fromName: raw.label),
      lineCount: Int(raw.num_lines))
    self.directory = directory
    self.handle = Mutex(opened)
  }

  deinit {
    handle.withLock { Shim.closeChip($0) }
  }

  /// Reads what the kernel says about the line at `offset` now.
  ///
  /// - Throws: ``GPIOError`` with ``GPIOError/Problem/offsetsBeyondChip(_:lineCount:)``
  ///   when the chip has no such line.
  ///
  /// The corresponding C function is `gpiod_chip_get_line_info`.
  public func lineInfo(at offset: LineOffset) throws(GPIOError) -> LineInfo {
    let raw = try withHandle(.readLineInfo(chip: info.path, offset: offset)) {
      (chip) throws(Shim.Failure) in try Shim.lineInfo(chip, offset: offset)
    }
    return LineInfo(raw)
  }

  /// Finds the offset of the first line named `name` (names are not unique).
  ///
  /// - Throws: ``GPIOError`` with ``GPIOError/Problem/lineNameMissing``.
  ///
  /// The corresponding C function is `gpiod_chip_get_line_offset_from_name`.
  public func offset(ofLineNamed name: String) throws(GPIOError) -> LineOffset {
    try withHandle(.findLine(chip: info.path, name: name)) {
      (chip) throws(Shim.Failure) in try Shim.findLine(chip, name: name)
    }
  }

  /// Requests input lines with edge detection, held until the request goes.
  ///
  /// - Throws: ``GPIOError`` with ``GPIOError/Problem/linesBusy(_:)`` naming
  ///   the consumers holding the lines,
  ///   ``GPIOError/Problem/offsetsBeyondChip(_:lineCount:)``,
  ///   ``GPIOError/Problem/unsupportedSetting(_:)`` (a debounce period under
  ///   libgpiod 1.x), and others.
  ///
  /// The corresponding C function is `gpiod_chip_request_lines`.
  public func requestInputs(
    _ configuration: LineRequest.Configuration
  ) throws(GPIOError) -> LineRequest {
    let request = try withHandle(.requestLines(chip: info.path, configuration)) {
      (chip) throws(Shim.Failure) in try Shim.requestInputs(chip, configuration)
    }
    return LineRequest(chip: self, configuration: configuration, handle: request)
  }

  /// Runs `body` with the chip's handle held, and diagnoses its failure after
  /// letting go (the diagnosis may query the chip again).
  private func withHandle<Value: Sendable>(
    _ operation: GPIOError.Operation,
    _ body: (Shim.Handle) throws(Shim.Failure) -> Value
  ) throws(GPIOError) -> Value {
    let result = handle.withLock { chip in
      Result { () throws(Shim.Failure) in try body(chip) }
    }
    switch result {
    case .success(let value):
      return value
    case .failure(let failure):
      throw GPIOError(operation: operation, errno: failure.errno, context: self)
    }
  }

  /// The folder of a device path ("/dev" for "/dev/gpiochip0").
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}

extension GPIOChip: GPIOError.Context {
  func availableChips() -> [Listing] { Self.available(in: directory) }

  func lineCount() -> Int? { info.lineCount }

  func knownLineInfo(at offset: LineOffset) -> LineInfo? {
    let raw = handle.withLock { chip in
      Result { () throws(Shim.Failure) in try Shim.lineInfo(chip, offset: offset) }
    }
    return (try? raw.get()).map(LineInfo.init)
  }
}

extension GPIOChip.LineInfo {
  init(_ raw: Shim.LineInfo) {
    self.init(
      offset: LineOffset(rawValue: raw.offset),
      name: Shim.string(fromName: raw.name),
      consumer: Shim.string(fromName: raw.consumer),
      isUsed: raw.used)
  }
}

/// The facts a chip that is not open can give: only the chips that exist.
struct ChipListingContext: GPIOError.Context {
  var directory: String

  func availableChips() -> [GPIOChip.Listing] { GPIOChip.available(in: directory) }
  func lineCount() -> Int? { nil }
  func knownLineInfo(at offset: LineOffset) -> GPIOChip.LineInfo? { nil }
}
