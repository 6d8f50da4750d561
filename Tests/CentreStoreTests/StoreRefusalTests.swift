import Centre
import Foundation
import GRDB
import LaneCLI
import TestSupport
import Testing

@testable import CentreRecords
@testable import CentreStore
import enum LaneBridge.ExitStatus

/// A file at the store's path that the store must refuse, untouched.
enum RefusedStore: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case symbolicLinkToAStore = "a symbolic link to a store"
  case fifo = "a FIFO"
  case folder = "a folder"
  case png = "a PNG picture"
  case shortFile = "a few bytes of text"
  case foreignSQLite = "another program's SQLite database"
  case newerSchema = "a store of a newer schema"
  case truncated = "a store cut short"

  var testDescription: String { rawValue }

  /// The status `lane` exits with when it refuses it.
  var status: ExitStatus {
    switch self {
    case .symbolicLinkToAStore, .fifo, .folder: .noInput
    case .png, .shortFile, .foreignSQLite, .newerSchema, .truncated: .dataError
    }
  }

  /// Makes it at `path`, in `folder`.
  func make(at path: String, in folder: ScratchFolder) throws {
    switch self {
    case .symbolicLinkToAStore:
      let real = folder.path("real.store")
      try RecordStore.open(at: real, access: .createIfMissing).close()
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: real)
    case .fifo:
      try RefusedFile.fifo.make(at: path, limit: 0)
    case .folder:
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    case .png:
      var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      png.append(Data(repeating: 0x42, count: 4000))
      try png.write(to: URL(fileURLWithPath: path))
    case .shortFile:
      try Data("SQLite".utf8).write(to: URL(fileURLWithPath: path))
    case .foreignSQLite:
      let other = try DatabaseQueue(path: path)
      try other.write { db in
        try db.execute(sql: "CREATE TABLE event (id INTEGER PRIMARY KEY, what TEXT); INSERT INTO event VALUES (1, 'x')")
      }
      try other.close()
    case .newerSchema:
      try RecordStore.open(at: path, access: .createIfMissing).close()
      let newer = try DatabaseQueue(path: path)
      try newer.write { db in
        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2 something newer')")
      }
      try newer.close()
    case .truncated:
      let store = try RecordStore.open(at: path, access: .createIfMissing)
      var session = try PublishedSession(lane: "lane1", session: "s1", bowlers: ["Ana", "Ben"])
      session.bowl(games: Array(repeating: [KnownGame.allSpares, KnownGame.ninety], count: 3))
      _ = try store.store(try session.events)
      try store.close()
      let whole = try Data(contentsOf: URL(fileURLWithPath: path))
      try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
    }
  }

  /// Whether `error` is the refusal this file gets.
  func isRefusal(_ error: StoreError) -> Bool {
    switch (self, error) {
    case (.symbolicLinkToAStore, .notARegularFile), (.fifo, .notARegularFile), (.folder, .notARegularFile),
      (.png, .notOurs), (.shortFile, .notOurs), (.foreignSQLite, .notOurs), (.newerSchema, .newerSchema),
      (.truncated, .damaged):
      true
    default:
      false
    }
  }
}

/// How a command opens the store: each must refuse every file above, or (a reader, which
/// does not read the whole file) every one but a damaged store.
enum OpeningCommand: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case desk = "lane desk, which checks the whole file once as it starts"
  case reader = "a lane records reader"
  case check = "lane records check, read-only"

  var testDescription: String { rawValue }

  /// Whether it refuses `file`: a reader does not run SQLite's integrity check.
  func refuses(_ file: RefusedStore) -> Bool { self != .reader || file != .truncated }

  /// Opens the store at `path` as the command does, and closes it.
  func open(_ path: String) throws(StoreError) {
    switch self {
    case .desk:
      try RecordStore.open(at: path, access: .createIfMissing, checkingIntegrity: true).close()
    case .reader:
      try RecordStore.open(at: path, access: .existing).close()
    case .check:
      let store = try RecordStore.open(at: path, access: .readOnly)
      defer { try? store.close() }
      let problems = try store.integrityProblems()
      if !problems.isEmpty { throw .damaged(path: path, details: problems.joined(separator: "; ")) }
    }
  }
}

@Suite("The desk's store refuses a file that is not a store of this build, and leaves it as it was")
struct StoreRefusalTests {
  @Test("When the desk or a reader opens it, then it is refused with its exit status and the folder is byte-identical",
    arguments: RefusedStore.allCases.flatMap { file in
      OpeningCommand.allCases.filter { $0.refuses(file) }.map { (file, $0) }
    })
  func refused(_ file: RefusedStore, _ opening: OpeningCommand) throws {
    // Given the file, and what the folder holds.
    let folder = try ScratchFolder("refused")
    let path = folder.path("centre.store")
    try file.make(at: path, in: folder)
    let names = try folder.contents()
    let before = try names.map { name in try snapshot(folder.path(name)) }

    // When it is opened.
    var refusal: StoreError?
    do {
      try opening.open(path)
    } catch {
      refusal = error
    }

    // Then it is refused, with the status the docs give, and nothing changed.
    let error = try #require(refusal, "\(file) was opened by \(opening)")
    #expect(file.isRefusal(error), "\(error)")
    #expect(ExitStatus(error) == file.status)
    #expect(error.description.contains("centre.store"))
    #expect(try folder.contents() == names)
    let after = try names.map { name in try snapshot(folder.path(name)) }
    #expect(after == before)
  }
}

/// The bytes of a file, or where a link points (never followed); empty for a FIFO or folder.
private func snapshot(_ path: String) throws -> Data {
  if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) { return Data(target.utf8) }
  var isFolder: ObjCBool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return Data() }
  let attributes = try FileManager.default.attributesOfItem(atPath: path)
  guard attributes[.type] as? FileAttributeType == .typeRegular else { return Data() }
  return try Data(contentsOf: URL(fileURLWithPath: path))
}
