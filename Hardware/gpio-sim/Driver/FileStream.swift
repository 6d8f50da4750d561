import Glibc

/// Standard output or error, or a file, as a buffered text stream.
struct FileStream: TextOutputStream {
  let file: UnsafeMutablePointer<FILE>

  /// Standard output, buffered: call `flush()` when a line must show at once.
  static func standardOutput() -> FileStream { FileStream(file: fdopen(STDOUT_FILENO, "w")) }

  /// Standard error, unbuffered.
  static func standardError() -> FileStream {
    let file = fdopen(STDERR_FILENO, "w")!
    setvbuf(file, nil, _IONBF, 0)
    return FileStream(file: file)
  }

  mutating func write(_ string: String) { fputs(string, file) }

  func flush() { fflush(file) }
}

/// Prints `message` on standard error and exits with `status`.
func fail(_ status: Int32, _ message: String) -> Never {
  var standardError = FileStream.standardError()
  print("gpio-sim-drive: \(message)", to: &standardError)
  exit(status)
}
