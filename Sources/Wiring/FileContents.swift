#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole small text file, the one place the `Wiring` target touches the file system.
enum FileContents {
  /// Why a file could not be read, in the system's words (`strerror`).
  struct ReadError: Error {
    let reason: String
  }

  /// The contents of the file at `path`, decoded as UTF-8 (invalid bytes become U+FFFD).
  static func read(_ path: String) throws(ReadError) -> String {
    guard let file = fopen(path, "rb") else { throw ReadError(errno: errno) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      bytes.append(contentsOf: buffer[..<count])
      if count < buffer.count {
        if ferror(file) != 0 { throw ReadError(errno: errno) }
        break
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension FileContents.ReadError {
  init(errno code: Int32) {
    reason = String(cString: strerror(code))
  }
}
