import CGPIOD
import Glibc
import POSIX

/// The one place that calls the CGPIOD shim: each `cgpiod_*` function is
/// wrapped here exactly once, and nothing else in the package sees its
/// pointers or its negative-errno results.
enum Shim {
  /// A shim call failed with this errno; callers add what they were doing.
  struct Failure: Error, Equatable {
    var errno: Int32
  }

  /// An open chip or a request, as the shim hands it out.
  ///
  /// Sendable because its owner (``GPIOChip``, ``LineRequest``) keeps it in a
  /// `Mutex` and the shim is used by one thread at a time per handle.
  struct Handle: @unchecked Sendable {
    var pointer: OpaquePointer
  }
  /// A chip's name, label and line count, as the shim reports them.
  typealias ChipInfo = cgpiod_chip_info
  /// A line's name, consumer and use, as the shim reports them.
  typealias LineInfo = cgpiod_line_info
  /// An edge event, as the shim reports it.
  typealias Event = cgpiod_edge_event

  /// Calls `operation` until it is not interrupted by a signal (the POSIX layer's
  /// retry), and turns a negative result into a ``Failure``.
  static func retryingOnInterrupt(
    _ operation: () -> Int32
  ) throws(Failure) -> Int32 {
    do {
      return try retryOnNegatedInterrupt(operation)
    } catch {
      throw Failure(errno: error.rawValue)
    }
  }

  /// Reads one of the shim's fixed-size, NUL-terminated name fields.
  static func string<Name>(fromName name: Name) -> String {
    withUnsafeBytes(of: name) { bytes in
      let characters = bytes.prefix { $0 != 0 }
      return String(decoding: characters, as: UTF8.self)
    }
  }

  // MARK: Library

  /// The corresponding C function is `cgpiod_api_version`.
  static var apiVersion: Int { Int(cgpiod_api_version()) }

  /// The corresponding C function is `cgpiod_library_version`.
  static var libraryVersion: String { String(cString: cgpiod_library_version()) }

  /// The corresponding C function is `cgpiod_supports_debounce`.
  static var supportsDebounce: Bool { cgpiod_supports_debounce() }

  /// The corresponding C function is `cgpiod_supports_sequence_numbers`.
  static var supportsSequenceNumbers: Bool { cgpiod_supports_sequence_numbers() }

  // MARK: Chips

  /// Opens the chip at `path`. The corresponding C function is
  /// `cgpiod_chip_open`.
  static func openChip(path: String) throws(Failure) -> Handle {
    var chip: OpaquePointer?
    _ = try retryingOnInterrupt { cgpiod_chip_open(path, &chip) }
    return Handle(pointer: chip!)
  }

  /// Opens the first chip in `directory` with that label. The corresponding C
  /// function is `cgpiod_chip_open_by_label`.
  static func openChip(label: String, in directory: String) throws(Failure) -> Handle {
    var chip: OpaquePointer?
    _ = try retryingOnInterrupt {
      cgpiod_chip_open_by_label(directory, label, &chip)
    }
    return Handle(pointer: chip!)
  }

  /// The corresponding C function is `cgpiod_chip_close`.
  static func closeChip(_ chip: Handle) {
    cgpiod_chip_close(chip.pointer)
  }

  /// The corresponding C function is `cgpiod_chip_get_info`.
  static func chipInfo(_ chip: Handle) throws(Failure) -> ChipInfo {
    var info = cgpiod_chip_info()
    _ = try retryingOnInterrupt { cgpiod_chip_get_info(chip.pointer, &info) }
    return info
  }

  /// The corresponding C function is `cgpiod_chip_get_line_info`.
  static func lineInfo(
    _ chip: Handle, offset: LineOffset
  ) throws(Failure) -> LineInfo {
    var info = cgpiod_line_info()
    _ = try retryingOnInterrupt {
      cgpiod_chip_get_line_info(chip.pointer, offset.rawValue, &info)
    }
    return info
  }

  /// The corresponding C function is `cgpiod_chip_find_line`.
  static func findLine(_ chip: Handle, name: String) throws(Failure) -> LineOffset {
    var offset: UInt32 = 0
    _ = try retryingOnInterrupt { cgpiod_chip_find_line(chip.pointer, name, &offset) }
    return LineOffset(rawValue: offset)
  }

  // MARK: Requests

  /// The corresponding C function is `cgpiod_request_inputs`.
  static func requestInputs(
    _ chip: Handle, _ configuration: LineRequest.Configuration
  ) throws(Failure) -> Handle {
    var request: OpaquePointer?
    let offsets = configuration.offsets.map(\.rawValue)
    let debounced = configuration.offsets.map {
      configuration.debouncedOffsets?.contains($0) ?? true
    }
    _ = try retryingOnInterrupt {
      configuration.consumer.withCString { consumer in
        offsets.withUnsafeBufferPointer { offsets in
          debounced.withUnsafeBufferPointer { debounced in
          var config = cgpiod_input_config(
            consumer: consumer,
            offsets: offsets.baseAddress,
            num_offsets: offsets.count,
            edge: configuration.edgeDetection.shimValue,
            bias: configuration.bias.shimValue,
            active_low: configuration.activeLow,
            debounce_us: UInt(configuration.debounce.microseconds),
            debounced: debounced.baseAddress,
            clock: configuration.eventClock.shimValue,
            event_buffer_size: configuration.eventBufferSize
          )
          return cgpiod_request_inputs(chip.pointer, &config, &request)
          }
        }
      }
    }
    return Handle(pointer: request!)
  }

  /// The corresponding C function is `cgpiod_request_release`.
  static func release(_ request: Handle) {
    cgpiod_request_release(request.pointer)
  }

  /// The logical values, in the order the lines were requested. The
  /// corresponding C function is `cgpiod_request_get_values`.
  static func values(_ request: Handle, count: Int) throws(Failure) -> [Bool] {
    var values = [Int32](repeating: 0, count: count)
    _ = try retryingOnInterrupt {
      values.withUnsafeMutableBufferPointer {
        cgpiod_request_get_values(request.pointer, $0.baseAddress, $0.count)
      }
    }
    return values.map { $0 != 0 }
  }

  /// Whether events are pending after waiting at most `timeout`. The
  /// corresponding C function is `cgpiod_request_wait_events`.
  static func waitForEvents(
    _ request: Handle, timeout: Duration
  ) throws(Failure) -> Bool {
    let nanoseconds = nanoseconds(max(timeout, .zero))
    return try retryingOnInterrupt {
      cgpiod_request_wait_events(request.pointer, nanoseconds)
    } == 1
  }

  /// The descriptors that become readable with pending edge events. The
  /// corresponding C function is `cgpiod_request_fds`.
  static func descriptors(_ request: Handle) throws(Failure) -> [Int32] {
    var descriptors = [Int32](repeating: -1, count: Int(CGPIOD_MAX_LINES))
    let count = try retryingOnInterrupt {
      descriptors.withUnsafeMutableBufferPointer {
        cgpiod_request_fds(request.pointer, $0.baseAddress, $0.count)
      }
    }
    return Array(descriptors.prefix(Int(count)))
  }

  /// Which of `descriptors` are readable after waiting until CLOCK_MONOTONIC reaches
  /// `deadline` nanoseconds at most (`nil`: for ever). A signal's `EINTR` waits again for
  /// the same deadline. The corresponding C function is `cgpiod_wait_fds_until`.
  static func wait(_ descriptors: [Int32], until deadline: Int64?) throws(Failure) -> [Bool] {
    var ready = [Bool](repeating: false, count: descriptors.count)
    _ = try retryingOnInterrupt {
      descriptors.withUnsafeBufferPointer { fds in
        ready.withUnsafeMutableBufferPointer {
          cgpiod_wait_fds_until(fds.baseAddress, fds.count, max(deadline ?? -1, -1), $0.baseAddress)
        }
      }
    }
    return ready
  }

  /// A duration in whole nanoseconds, saturating at `Int64.max` (292 years).
  static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, carry) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    if overflow || carry { return seconds < 0 ? .min : .max }
    return total
  }

  /// Up to `capacity` pending events, oldest first, without blocking. The
  /// corresponding C function is `cgpiod_request_read_events`.
  static func readEvents(
    _ request: Handle, capacity: Int
  ) throws(Failure) -> [Event] {
    var events = [cgpiod_edge_event](repeating: cgpiod_edge_event(), count: capacity)
    let count = try retryingOnInterrupt {
      events.withUnsafeMutableBufferPointer {
        cgpiod_request_read_events(request.pointer, $0.baseAddress, $0.count)
      }
    }
    return Array(events.prefix(Int(count)))
  }
}

extension Edge {
  var shimValue: cgpiod_edge {
    switch self {
    case .rising: CGPIOD_EDGE_RISING
    case .falling: CGPIOD_EDGE_FALLING
    case .both: CGPIOD_EDGE_BOTH
    }
  }
}

extension Bias {
  var shimValue: cgpiod_bias {
    switch self {
    case .asIs: CGPIOD_BIAS_AS_IS
    case .disabled: CGPIOD_BIAS_DISABLED
    case .pullUp: CGPIOD_BIAS_PULL_UP
    case .pullDown: CGPIOD_BIAS_PULL_DOWN
    }
  }
}

extension EventClock {
  var shimValue: cgpiod_clock {
    switch self {
    case .monotonic: CGPIOD_CLOCK_MONOTONIC
    case .realtime: CGPIOD_CLOCK_REALTIME
    case .hte: CGPIOD_CLOCK_HTE
    }
  }
}
