import Glibc

extension GPIOError {
  /// Where a diagnosis gets the facts its message needs, asked only when the
  /// errno calls for them. Each query is best effort: it answers what it can.
  protocol Context {
    /// The chips that exist, for "no such chip".
    func availableChips() -> [GPIOChip.Listing]
    /// The chip's number of lines, for "offset beyond the chip".
    func lineCount() -> Int?
    /// What the kernel says about a line, for "line busy".
    func knownLineInfo(at offset: LineOffset) -> GPIOChip.LineInfo?
    /// The libgpiod generation and version, for "setting not supported".
    var library: (generation: LibGPIOD.Generation, version: String) { get }
  }

  /// Diagnoses an errno of `operation`, asking `context` for the facts that
  /// tell the user what to do.
  init(operation: Operation, errno: Int32, context: some Context) {
    self.init(
      operation: operation,
      errno: errno,
      problem: Self.diagnose(operation: operation, errno: errno, context: context)
    )
  }

  private static func diagnose(
    operation: Operation, errno: Int32, context: some Context
  ) -> Problem {
    switch (errno, operation) {
    case (EACCES, _), (EPERM, _):
      return .permissionDenied
    case (ENOENT, .openChip), (ENOENT, .openChipLabelled):
      return .chipMissing(available: context.availableChips())
    case (ENODEV, .openChip), (ENOTTY, .openChip), (EISDIR, .openChip):
      return .notAChip(available: context.availableChips())
    case (ENOENT, .findLine):
      return .lineNameMissing
    case (EBUSY, .requestLines(_, let configuration)):
      let busy = configuration.offsets.compactMap { offset in
        context.knownLineInfo(at: offset).flatMap { info in
          info.isUsed ? BusyLine(offset: offset, consumer: info.consumer) : nil
        }
      }
      return .linesBusy(busy)
    case (EINVAL, .requestLines(_, let configuration)):
      return invalidRequest(configuration.offsets, context: context)
    case (EINVAL, .readLineInfo(_, let offset)):
      return invalidRequest([offset], context: context)
    case (E2BIG, .requestLines(_, let configuration)):
      return .tooManyLines(configuration.offsets.count)
    case (EOPNOTSUPP, .requestLines(_, let configuration)):
      return .unsupportedSetting(unsupported(configuration, library: context.library))
    default:
      return .other
    }
  }

  /// Why the kernel or libgpiod called a request invalid, where it can tell.
  private static func invalidRequest(
    _ offsets: [LineOffset], context: some Context
  ) -> Problem {
    var seen = Set<LineOffset>()
    let duplicates = offsets.filter { !seen.insert($0).inserted }
    if !duplicates.isEmpty {
      return .duplicateOffsets(Array(Set(duplicates)).sorted())
    }
    if let lineCount = context.lineCount() {
      let beyond = offsets.filter { Int($0.rawValue) >= lineCount }
      if !beyond.isEmpty { return .offsetsBeyondChip(beyond, lineCount: lineCount) }
    }
    return .other
  }

  /// Which setting of a request cannot be done, in words.
  private static func unsupported(
    _ configuration: LineRequest.Configuration,
    library: (generation: LibGPIOD.Generation, version: String)
  ) -> String {
    let (generation, version) = library
    if generation == .v1 && configuration.debounce != .none {
      return """
        libgpiod \(version) (the v1 API) has no kernel debounce period; \
        set it to zero (the throw detector's bounce window still filters \
        chatter) or build against libgpiod 2 (Debian 13, Raspberry Pi OS trixie)
        """
    }
    if generation == .v1 && configuration.eventClock != .monotonic {
      return """
        libgpiod \(version) (the v1 API) stamps events only with the \
        monotonic clock
        """
    }
    return """
      the chip's driver or the kernel does not support the requested bias, \
      debounce period or event clock
      """
  }
}

extension GPIOError.Context {
  var library: (generation: LibGPIOD.Generation, version: String) {
    (LibGPIOD.generation, LibGPIOD.version)
  }
}
