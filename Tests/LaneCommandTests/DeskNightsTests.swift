import Foundation
import LaneBridge
import LaneCLI
import LaneRuntime
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The nights a pair started from the desk, kept beside its left lane's journal.
@Suite("The league nights a pair started from the desk")
struct DeskNightsTests {
  let folder: ScratchFolder
  let nights: DeskNights
  /// 19:05 on a Tuesday, in the machine's time zone, as the names are.
  let tuesday: Date

  init() throws {
    folder = try ScratchFolder()
    nights = DeskNights(besideJournal: folder.path("lane.journal"))
    var time = tm()
    time.tm_year = 2026 - 1900
    time.tm_mon = 10
    time.tm_mday = 24
    time.tm_hour = 19
    time.tm_min = 5
    time.tm_isdst = -1
    tuesday = Date(timeIntervalSince1970: TimeInterval(mktime(&time)))
  }

  @Test("When a night is started, then its file is written under its date and league, and it is the current night until it is ended; its files stay")
  func startAndEnd() throws {
    let (night, league) = try nights.start(LeagueCorrections.night, at: tuesday)

    #expect(league == "Tuesday Mixed")
    #expect(night.file == folder.path("nights/2026-11-24-1905-tuesday-mixed.toml"))
    #expect(night.journal == folder.path("nights/2026-11-24-1905-tuesday-mixed.journal"))
    #expect(try String(contentsOfFile: night.file, encoding: .utf8) == LeagueCorrections.night)
    #expect(try nights.current() == night)

    try nights.end()

    #expect(try nights.current() == nil)
    #expect(FileManager.default.fileExists(atPath: night.file))
  }

  @Test("When a second night is started in the same minute, then it is written beside the first, never over it")
  func secondNight() throws {
    let first = try nights.start(LeagueCorrections.night, at: tuesday).night
    let second = try nights.start(LeagueCorrections.night, at: tuesday).night

    #expect(second.file == folder.path("nights/2026-11-24-1905-tuesday-mixed-2.toml"))
    #expect(first.file != second.file)
    #expect(try nights.current() == second)
  }

  @Test("When the night sent cannot be bowled, then the start is refused with its problems and nothing is written")
  func badNight() throws {
    #expect {
      try nights.start("[league]\nname = \"Tuesday\"\n", at: tuesday)
    } throws: { error in
      (error as? JournalRequest.Refused)?.reason.contains("games") == true
    }
    #expect(try folder.contents().isEmpty)
  }

  @Test(
    "When the current night's name is not one of the folder's nights, then it is refused saying what to do, never guessed around",
    arguments: ["../lane\n", "2026-11-24-1905-nobody\n", ""])
  func strangeMarker(name: String) throws {
    try FileManager.default.createDirectory(atPath: folder.path("nights"), withIntermediateDirectories: false)
    try name.write(toFile: folder.path("nights/current"), atomically: false, encoding: .utf8)

    #expect {
      try nights.current()
    } throws: { error in
      guard case .namesNoNight = error as? DeskNights.Failure else { return false }
      let failure = LaneFailure.of(error)
      return failure.status == .dataError && failure.message.contains("remove it to go back to open play")
    }
  }

  @Test("When the current night's marker is a symbolic link or a folder, then it is refused, not followed")
  func markerNotAFile() throws {
    try FileManager.default.createDirectory(atPath: folder.path("nights"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: folder.path("nights/current"), withDestinationPath: "/etc/passwd")

    #expect {
      try nights.current()
    } throws: { error in
      guard case .unreadable = error as? DeskNights.Failure else { return false }
      let failure = LaneFailure.of(error)
      return failure.status == .noInput && failure.message.contains("symbolic link")
    }
  }

  @Test("When nights/ is a file, then a start is refused saying it cannot be created, and the file is left alone")
  func nightsIsAFile() throws {
    try "mine".write(toFile: folder.path("nights"), atomically: false, encoding: .utf8)

    #expect {
      try nights.start(LeagueCorrections.night, at: tuesday)
    } throws: { error in
      guard case .cannotWrite = error as? DeskNights.Failure else { return false }
      return LaneFailure.of(error).status == .cannotCreate
    }
    #expect(try String(contentsOfFile: folder.path("nights"), encoding: .utf8) == "mine")
  }
}
