import Glibc
import Testing

@testable import GPIO

/// Facts a diagnosis may ask for, made up by the test.
struct FakeContext: GPIOError.Context {
  var chips: [GPIOChip.Listing] = []
  var lines: Int? = nil
  var lineInfos: [LineOffset: GPIOChip.LineInfo] = [:]
  var library: (generation: LibGPIOD.Generation, version: String) = (.v2, "2.2.1")

  func availableChips() -> [GPIOChip.Listing] { chips }
  func lineCount() -> Int? { lines }
  func knownLineInfo(at offset: LineOffset) -> GPIOChip.LineInfo? { lineInfos[offset] }
}

/// The error `body` throws, or `nil` (and a recorded issue) when it does not.
func gpioError<T>(_ body: () throws(GPIOError) -> T) -> GPIOError? {
  do {
    _ = try body()
    Issue.record("Expected a GPIOError, but the call succeeded")
    return nil
  } catch {
    return error
  }
}
