import Foundation
import TestSupport
import Testing

@testable import Wiring

@Suite("Saving a wiring file")
struct WiringSavingTests {
  /// Removed with everything in it once the test is done.
  let scratch: ScratchFolder
  let folder: String

  init() throws {
    scratch = try ScratchFolder("wiring-save")
    folder = scratch.path
  }

  func contents() throws -> [String] { try scratch.contents() }

  @Test("When the file is new, then it is written whole and no temporary file is left")
  func newFile() throws {
    let path = folder + "/lane.toml"

    try WiringFile.save("[chip]\n", to: path, replacing: false)

    #expect(try String(contentsOfFile: path, encoding: .utf8) == "[chip]\n")
    #expect(try contents() == ["lane.toml"])
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o644)
  }

  @Test("When the file exists and replacing was not asked, then it is refused and left as it was")
  func refusesToOverwrite() throws {
    let path = folder + "/lane.toml"
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)

    #expect(throws: WiringSaveError(path: path, problem: .exists)) {
      try WiringFile.checkSavable(to: path, replacing: false)
    }
    #expect(throws: WiringSaveError(path: path, problem: .exists)) {
      try WiringFile.save("new\n", to: path, replacing: false)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
    #expect(try contents() == ["lane.toml"])
  }

  @Test("When the file exists and replacing was asked, then the new text replaces it whole")
  func replaces() throws {
    let path = folder + "/lane.toml"
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)

    try WiringFile.checkSavable(to: path, replacing: true)
    try WiringFile.save("new\n", to: path, replacing: true)

    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
    #expect(try contents() == ["lane.toml"])
  }

  @Test("When the folder does not exist, then the error says the file cannot be written")
  func missingFolder() throws {
    let path = folder + "/missing/lane.toml"

    #expect(throws: WiringSaveError(
      path: path, problem: .cannotWrite(reason: "No such file or directory"))
    ) {
      try WiringFile.save("x", to: path, replacing: false)
    }
  }

  @Test("When a save is refused, then the message says how to replace the file or write another")
  func message() {
    let error = WiringSaveError(path: "lane.toml", problem: .exists)

    #expect(error.description.contains("pass --force to replace it, or --out to write another file"))
  }

  @Test("When the path is a symbolic link, then it is never followed: without replacing it is refused, with it the link itself is replaced")
  func symbolicLink() throws {
    let target = folder + "/elsewhere.conf"
    let path = folder + "/lane.toml"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "not ours\n".write(toFile: target, atomically: false, encoding: .utf8)
    #expect(symlink(target, path) == 0)

    #expect(throws: WiringSaveError(path: path, problem: .exists)) {
      try WiringFile.save("[chip]\n", to: path, replacing: false)
    }
    try WiringFile.save("[chip]\n", to: path, replacing: true)

    #expect(try String(contentsOfFile: target, encoding: .utf8) == "not ours\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "[chip]\n")
    #expect(try contents() == ["elsewhere.conf", "lane.toml"])
  }
}
