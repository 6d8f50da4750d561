#if canImport(Glibc)
  import Glibc
#endif
import SystemPackage

/// Calls `operation`, a system call that fails with -1 and `errno`, again while a signal
/// interrupts it (`EINTR`), and returns its result.
///
/// The project's one retry of `EINTR` for calls made by hand; `FileDescriptor`'s own
/// calls retry with `retryOnInterrupt: true`.
/// - Throws: `Errno` of any other failure.
@inline(__always)
public func retryOnInterrupt<Result: FixedWidthInteger>(
  _ operation: () -> Result
) throws(Errno) -> Result {
  while true {
    let result = operation()
    if result != -1 { return result }
    let code = Errno(rawValue: errno)
    if code != .interrupted { throw code }
  }
}

/// Calls `operation`, which returns a count or a negated errno (the CGPIOD shim; negate
/// what `clock_nanosleep` returns to use it there), again while it returns `-EINTR`.
///
/// Named apart from ``retryOnInterrupt(_:)``: a trailing closure would match either.
///
/// - Returns: What `operation` returned, never negative.
/// - Throws: `Errno` of any other failure.
@inline(__always)
public func retryOnNegatedInterrupt(
  _ operation: () -> Int32
) throws(Errno) -> Int32 {
  while true {
    let result = operation()
    if result >= 0 { return result }
    let code = Errno(rawValue: -result)
    if code != .interrupted { throw code }
  }
}

extension Errno {
  /// The `Errno` of what a swift-system call threw (its `FileDescriptor` calls throw
  /// untyped), or `EIO` for anything else.
  public init(of error: any Error) {
    self = error as? Errno ?? .ioError
  }
}
