import Foundation
import Testing
import Wiring

/// Runs `body` with a fresh scratch folder under the temporary directory, removed afterwards.
private func withScratchFolder(_ body: (String) throws -> Void) throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("wiring-limits-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  try body(folder)
}

/// The reason a wiring file could not be read, or `nil` when it could.
private func unreadableReason(_ path: String) -> String? {
  do {
    _ = try WiringFile(contentsOf: path)
    return nil
  } catch {
    guard case .unreadable(let reason)? = error.kinds.first else { return "\(error)" }
    return reason
  }
}

@Suite("Reading a wiring file within limits")
struct WiringFileLimitsTests {
  @Test("When the path is /dev/zero, then it is refused as a device without reading it")
  func deviceFile() {
    #expect(unreadableReason("/dev/zero")?.hasPrefix("it is a character device") == true)
  }

  @Test("When the path is a FIFO with no writer, then it is refused at once instead of hanging")
  func fifo() throws {
    try withScratchFolder { folder in
      let path = folder + "/lane.toml"
      #expect(mkfifo(path, 0o600) == 0)
      #expect(unreadableReason(path)?.hasPrefix("it is a FIFO, not a regular file") == true)
    }
  }

  @Test("When the path is a folder, then it is refused as a folder")
  func folder() throws {
    try withScratchFolder { folder in
      #expect(unreadableReason(folder)?.hasPrefix("it is a directory") == true)
    }
  }

  @Test("When the path is a symbolic link, then it is refused, not followed")
  func symlink() throws {
    try withScratchFolder { folder in
      let target = folder + "/real.toml"
      try Sample.complete.write(toFile: target, atomically: false, encoding: .utf8)
      let link = folder + "/lane.toml"
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
      #expect(unreadableReason(link)?.hasPrefix("it is a symbolic link") == true)
    }
  }

  @Test("When the file is larger than 1 MiB, then it is refused before it is read")
  func tooLarge() throws {
    try withScratchFolder { folder in
      let path = folder + "/lane.toml"
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      let handle = try #require(FileHandle(forWritingAtPath: path))
      try handle.truncate(atOffset: UInt64(1 << 20) + 1)
      try handle.close()
      #expect(unreadableReason(path)?.hasPrefix("it is larger than 1024 KiB") == true)
    }
  }

  @Test("When the file starts with a UTF-8 byte order mark, then it is read as without one")
  func byteOrderMark() throws {
    try withScratchFolder { folder in
      let path = folder + "/lane.toml"
      let bytes = Data([0xEF, 0xBB, 0xBF]) + Data(Sample.complete.utf8)
      #expect(FileManager.default.createFile(atPath: path, contents: bytes))
      let withMark = try WiringFile(contentsOf: path).wiring
      #expect(withMark == (try WiringFile(parsing: Sample.complete, name: path).wiring))
    }
  }

  @Test("When a file has a thousand unknown keys, then 20 are listed and the rest counted")
  func manyProblems() {
    let keys = (1...1000).map { "unknown\($0) = 1" }.joined(separator: "\n")
    let text = Sample.pinsOnly(extra: "\n[detector]\n" + keys + "\n")
    let error = #expect(throws: WiringError.self) {
      try WiringFile(parsing: text, name: "lane7.toml")
    }
    let lines = error?.description.split(separator: "\n") ?? []
    #expect(lines.first == "lane7.toml has 1000 problems:")
    #expect(lines.count == 22)
    #expect(lines.last == "and 980 more")
  }

  /// Where a file holds a text TOML decodes to 502 characters, the second an escape: `5`,
  /// ESC, then 500 `m`s.
  enum LongText: CaseIterable, CustomTestStringConvertible {
    case key, wrongTypeValue

    static let text = #"5\u001B"# + String(repeating: "m", count: 500)

    /// The line under `[detector]` that holds it.
    var line: String {
      switch self {
      case .key: "\"\(Self.text)\" = 1"
      case .wrongTypeValue: "bounce = \"\(Self.text)\""
      }
    }

    var testDescription: String {
      switch self {
      case .key: "an unknown key"
      case .wrongTypeValue: "a window written as a string"
      }
    }
  }

  @Test(
    "When a key, or a string of the wrong type, is very long or holds escapes, then 80 characters are quoted, escaped",
    arguments: LongText.allCases)
  func longText(place: LongText) {
    let text = Sample.pinsOnly(extra: "\n[detector]\n\(place.line)\n")
    let error = #expect(throws: WiringError.self) {
      try WiringFile(parsing: text, name: "lane7.toml")
    }
    let description = error?.description ?? ""
    #expect(description.contains(#"5\u{1B}mmm"#))
    #expect(!description.contains(String(repeating: "m", count: 80)))
    #expect(!description.contains("\u{1B}"))
    #expect(description.contains("(502 characters)"))
  }
}
