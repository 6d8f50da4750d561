import Glibc
import Testing

@testable import GPIO

extension Tag {
  /// Tests that need a kernel GPIO chip (a board or the gpio-sim rig).
  @Tag static var hardware: Self
}

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

/// A fresh, empty folder for one test, removed with its contents afterwards.
final class TemporaryFolder {
  let path: String

  init() {
    var template = Array("/tmp/gpio-tests-XXXXXX".utf8CString)
    path = template.withUnsafeMutableBufferPointer { buffer in
      String(cString: mkdtemp(buffer.baseAddress!))
    }
  }

  /// Creates an empty regular file named `name` in the folder.
  func touch(_ name: String) {
    let descriptor = open(path + "/" + name, O_CREAT | O_WRONLY, 0o644)
    if descriptor >= 0 { close(descriptor) }
  }

  deinit {
    if let folder = opendir(path) {
      while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
          String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { unlink(path + "/" + name) }
      }
      closedir(folder)
    }
    rmdir(path)
  }
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
