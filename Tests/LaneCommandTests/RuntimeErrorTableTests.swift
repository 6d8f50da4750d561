import Calibration
import Centre
import Foundation
import GPIO
import Journal
import LaneBridge
import LaneCLI
import LaneConfiguration
import LaneControl
import LaneHardware
import LaneRuntime
import LaneSensing
import MQTT
import SafeFiles
import TestSupport
import Testing
import WebServer
import Wiring

@testable import CentreLink
@testable import POSIX
import enum LaneBridge.ExitStatus

#if canImport(Glibc)
  import Glibc
#endif

/// An error of no ring, standing for what a lower call threw.
struct Broken: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}

/// One row of `lane`'s error table (ExitStatus+Errors.swift): an error the runtime throws,
/// and the status and the message `lane` ends with for it.
struct TableRow: CustomTestStringConvertible, Sendable {
  let name: String
  let error: any Error
  let status: ExitStatus
  let message: String

  init(_ name: String, _ error: any Error, _ status: ExitStatus, _ message: String) {
    self.name = name
    self.error = error
    self.status = status
    self.message = message
  }

  var testDescription: String { name }
}

/// The runtime's errors as `lane` tells them: each family's status and wording in the one
/// table at the edge (docs/errors.md).
@Suite("The runtime's errors as lane exits with them")
struct RuntimeErrorTableTests {
  static let gpio = GPIOError(operation: .openChip(path: "/dev/gpiochip9"), errno: EACCES, problem: .permissionDenied)
  static let journal = JournalError.missing(path: "lane.journal")

  static let deskFiles: [TableRow] = [
    TableRow(
      "a users file that cannot be read", DeskUsers.Failure.unreadable(path: "users", reason: "it is not there"),
      .noInput, "the users file 'users' cannot be read: it is not there"),
    TableRow(
      "a users file others may read",
      DeskUsers.Failure.notAccepted(path: "users", problem: "others than its owner and group may read or write it (mode 644)"),
      .badConfiguration,
      "the users file 'users' holds the desk's password hashes and others than its owner and group may read or write it (mode 644): "
        + "make it mode 600 owned by the user lane desk runs as (chown lanebridge 'users'; chmod 600 'users'), "
        + "or mode 640 owned by root in that user's group (chown root:lanebridge 'users'; chmod 640 'users')"
    ),
    TableRow(
      "a users file with a wrong line", DeskUsers.Failure.notAUsersFile(path: "users", problem: "line 2 has no role"),
      .dataError, "the users file 'users', line 2 has no role; it was left as it is"),
    TableRow(
      "a users file that cannot be written",
      DeskUsers.Failure.cannotWrite(FileProblem(operation: "create", path: "users", errno: EACCES)), .cannotCreate,
      "\(FileProblem(operation: "create", path: "users", errno: EACCES))"),
    TableRow(
      "a password a desk user may not have", DeskUsers.Failure.passwordRefused(problem: "a password is at least 8 characters"),
      .dataError, "a password is at least 8 characters"),
    TableRow(
      "standard input that cannot be read", DeskUsers.Failure.passwordUnreadable(Broken("input/output error")), .ioError,
      "cannot read the password from standard input: \(Broken("input/output error"))"),
    TableRow(
      "a password's line too long", DeskUsers.Failure.passwordTooLong, .dataError,
      "the password's line is longer than 1024 bytes; a desk password is at most 72"),
    TableRow(
      "no password", DeskUsers.Failure.noPassword, .dataError, "no password on standard input: give it as its first line"),
    TableRow(
      "a password that is not text", DeskUsers.Failure.passwordNotText, .dataError,
      "the password on standard input is not UTF-8 text"),
    TableRow(
      "a current night that cannot be looked at", DeskNights.Failure.cannotLook(marker: "nights/current", errno: EACCES),
      .noInput, "cannot look at nights/current: Permission denied"),
    TableRow(
      "a current night that cannot be read", DeskNights.Failure.unreadable(marker: "nights/current", reason: "a folder"),
      .noInput, "cannot read nights/current: a folder"),
    TableRow(
      "a current night naming no night",
      DeskNights.Failure.namesNoNight(marker: "nights/current", folder: "nights", name: "nobody"), .dataError,
      "nights/current names no league night of nights (\"nobody\"): remove it to go back to open play, or write the name of a night file there without its .toml"
    ),
    TableRow(
      "a night that cannot be written",
      DeskNights.Failure.cannotWrite(FileProblem(operation: "create the folder", path: "nights", errno: ENOTDIR)),
      .cannotCreate, "\(FileProblem(operation: "create the folder", path: "nights", errno: ENOTDIR))"),
    TableRow(
      "a current night that cannot be removed", DeskNights.Failure.cannotRemove(marker: "nights/current", errno: EROFS),
      .cannotCreate, "cannot remove nights/current: Read-only file system"),
  ]

  static let printing: [TableRow] = [
    TableRow(
      "no Chromium", HeadlessPrint.Failure.noChromium, .unavailable,
      "printing to PDF needs headless Chromium: install Debian's chromium (apt-get install chromium), or write the page with --html and print it from a browser"
    ),
    TableRow(
      "Chromium that cannot start", HeadlessPrint.Failure.cannotStart(program: "/usr/bin/chromium", errno: ENOEXEC),
      .unavailable, "cannot start Chromium '/usr/bin/chromium': Exec format error"),
    TableRow(
      "Chromium that did not print", HeadlessPrint.Failure.didNotPrint(reason: "it exited 1", log: "no display"),
      .unavailable, "Chromium did not print the PDF (it exited 1): no display"),
    TableRow(
      "a PDF's path taken", HeadlessPrint.Failure.destinationTaken(path: "sheet.pdf"), .cannotCreate,
      "cannot write the PDF 'sheet.pdf': something is there already"),
    TableRow(
      "a PDF that cannot be written",
      HeadlessPrint.Failure.cannotWritePDF(FileProblem(operation: "create", path: "sheet.pdf", errno: ENOSPC)),
      .cannotCreate, "cannot write the PDF: \(FileProblem(operation: "create", path: "sheet.pdf", errno: ENOSPC))"),
    TableRow(
      "no scratch folder", HeadlessPrint.Failure.noScratchFolder(base: "/tmp", errno: ENOSPC), .ioError,
      "cannot make a folder for Chromium in '/tmp': errno \(ENOSPC)"),
    TableRow(
      "a page that cannot be written for Chromium",
      HeadlessPrint.Failure.cannotWritePage(folder: "/tmp/lane-print-1", error: Broken("no space left")), .ioError,
      "cannot write the page for Chromium in '/tmp/lane-print-1': \(Broken("no space left"))"),
  ]

  static let requests: [TableRow] = [
    TableRow(
      "a league command that cannot be sent", JournalRequest.Failure.unsendable(reason: "give the reason with --why"),
      .usage, "give the reason with --why"),
    TableRow(
      "a request the running lane refused", JournalRequest.Failure.refusedByLane(reason: "no such frame"), .dataError,
      "the running lane refused it: no such frame"),
    TableRow(
      "a request refused without a reason", JournalRequest.Failure.refusedByLane(reason: nil), .dataError,
      "the running lane refused it: no reason given"),
    TableRow(
      "a socket that refused every connection", JournalRequest.Failure.socketRefused, .unavailable,
      "the running lane's socket refused the connection"),
    TableRow("the command's own refusal", JournalRequest.Refused(reason: "no throw to correct"), .dataError, "no throw to correct"),
    TableRow(
      "a control socket's reply that is not ours", ControlClient.Failure.notOurs(path: "lane.sock", excerpt: "HTTP/1.1"),
      .protocolError, ControlClient.Failure.notOurs(path: "lane.sock", excerpt: "HTTP/1.1").description),
  ]

  static let links: [TableRow] = [
    TableRow(
      "no lane's name", LinkStartError.noLaneName, .usage,
      "give the lane's name with --lane (or a credentials file whose user is the lane's name; with --certfile, the certificate's common name)"
    ),
    TableRow(
      "a pair's lane without an id", LinkStartError.noPairLaneID(side: "right"), .usage,
      "the right lane has no id: give its credentials file (its user is the lane's id)"),
    TableRow(
      "both lanes of a pair the same", LinkStartError.samePairLanes(try! LaneID("lane1")), .usage,
      "both lanes of the pair are lane1: give each lane its own credentials file"),
    TableRow(
      "a journal that cannot be published", LinkStartError.unpublishable(.noSessionStart, night: false), .dataError,
      "the journal cannot be published: \(JournalOutboxSource.Refusal.noSessionStart)"),
    TableRow(
      "a night's journal that cannot be published", LinkStartError.unpublishable(.gap(expected: 3, got: 5), night: true),
      .dataError, "the night's journal cannot be published: \(JournalOutboxSource.Refusal.gap(expected: 3, got: 5))"),
    TableRow(
      "settings the link refuses", LinkStartError.settingsRefused(MQTTError(.configure("TLS"), .library(code: 8, errno: 0))),
      .badConfiguration, "\(MQTTError(.configure("TLS"), .library(code: 8, errno: 0)))"),
    TableRow(
      "a broker refusing the lane's credentials",
      LaneLink.StartFailure(error: MQTTError(.connect(host: "desk", port: 8883), .refused(.notAuthorized))),
      .noPermission, "\(MQTTError(.connect(host: "desk", port: 8883), .refused(.notAuthorized)))"),
    TableRow(
      "a broker's TLS failing at the start",
      LaneLink.StartFailure(error: MQTTError(.connect(host: "desk", port: 8883), .tlsClosedByBroker)),
      .badConfiguration, "\(MQTTError(.connect(host: "desk", port: 8883), .tlsClosedByBroker))"),
    TableRow(
      "libmosquitto not installed", MQTTError(.load(library: "libmosquitto.so.1"), .libraryUnavailable("not found")),
      .unavailable, "\(MQTTError(.load(library: "libmosquitto.so.1"), .libraryUnavailable("not found")))"),
    TableRow(
      "an acknowledgement file not ours", AcknowledgementFile.Failure(kind: .notOurs, description: "not an acknowledgement"),
      .dataError, "not an acknowledgement"),
    TableRow(
      "an acknowledgement file that cannot be read", AcknowledgementFile.Failure(kind: .unreadable, description: "a FIFO"),
      .noInput, "a FIFO"),
  ]

  static let setups: [TableRow] = [
    TableRow(
      "another lane's journal", JournalSetupError.anotherLane(path: "lane.journal", owner: "lane2", lane: "lane1"),
      .dataError,
      "lane.journal is the journal of lane lane2 (its header), not --lane lane1; give --lane lane2, or another journal for lane lane1"
    ),
    TableRow(
      "another night's journal", JournalSetupError.anotherNight(journal: "night.journal", league: "Tuesday", night: "friday.toml"),
      .dataError,
      "night.journal holds another night (league Tuesday, its first record) than friday.toml; give another --journal, or the night file it was started with"
    ),
    TableRow(
      "a night file that cannot be read", LeagueNightError(file: "night.toml", problems: [], isUnreadable: true), .noInput,
      "\(LeagueNightError(file: "night.toml", problems: [], isUnreadable: true))"),
    TableRow(
      "a night file that is wrong", LeagueNightError(file: "night.toml", problems: []), .dataError,
      "\(LeagueNightError(file: "night.toml", problems: []))"),
    TableRow(
      "no wake-up pipe", WakeEvent.CreationError(errno: EMFILE), .osError, "\(WakeEvent.CreationError(errno: EMFILE))"),
  ]

  static let pairs: [TableRow] = [
    TableRow(
      "a lane's journal, after its id", PairLaneError(lane: "lane1", journal), journal.exitStatus, "lane1: \(journal)"),
    TableRow(
      "a lane's link, after its id", PairLaneError(lane: "lane2", LinkStartError.noLaneName), .usage,
      "lane2: \(LinkStartError.noLaneName)"),
    TableRow(
      "a lane's error no ring names, after its id", PairLaneError(lane: "lane1", CocoaError(.featureUnsupported)),
      .software, "lane1: \(CocoaError(.featureUnsupported))"),
    TableRow(
      "a night's malformed trace", PairLaneError(trace: "left.trace", TraceError(line: 3, .missingEvent)), .dataError,
      "left.trace: \(TraceError(line: 3, .missingEvent))"),
    TableRow(
      "a live pair's sensor", PairSensorFailure(lane: .left, error: gpio), .ioError, "the left lane's sensor: \(gpio)"),
    TableRow(
      "a service's broker failure", RunFailure.service(MQTTError(.connect(host: "desk", port: 1883), .connectionLost)),
      .unavailable, "\(MQTTError(.connect(host: "desk", port: 1883), .connectionLost))"),
    TableRow(
      "a service's error no ring names", RunFailure.service(CocoaError(.featureUnsupported)), .software,
      "\(CocoaError(.featureUnsupported))"),
    TableRow("a pair's loop that cannot wait", RunFailure.loopWait(Broken("bad file descriptor")), .osError, "\(Broken("bad file descriptor"))"),
  ]

  static let hardware: [TableRow] = [
    TableRow("a chip that may not be opened", LaneSetupError.gpio(gpio), .noPermission, "\(gpio)"),
    TableRow(
      "a chip that is not there",
      LaneSetupError.gpio(GPIOError(operation: .openChip(path: "/dev/gpiochip9"), errno: ENOENT, problem: .chipMissing(available: []))),
      .unavailable,
      "\(GPIOError(operation: .openChip(path: "/dev/gpiochip9"), errno: ENOENT, problem: .chipMissing(available: [])))"),
    TableRow(
      "a wiring with mixed biases", LaneSetupError.mixedBias(file: "lane.toml", biases: ["pull-up": ["pins.1"]]),
      .badConfiguration, "\(LaneSetupError.mixedBias(file: "lane.toml", biases: ["pull-up": ["pins.1"]]))"),
    TableRow(
      "a calibration's wiring that cannot be saved",
      LaneCalibration.Failure.cannotSave(WiringSaveError(path: "lane.toml", problem: .exists)), .cannotCreate,
      "\(WiringSaveError(path: "lane.toml", problem: .exists))"),
    TableRow("a calibration's chip", LaneCalibration.Failure.setup(.gpio(gpio)), .noPermission, "\(gpio)"),
    TableRow(
      "a calibration's lines that cannot be read", LaneCalibration.Failure.calibration(.sensor(gpio)), .ioError,
      "\(CalibrationError<GPIOError>.sensor(gpio))"),
    TableRow(
      "a calibration without a free line", LaneCalibration.Failure.calibration(.noFreeLines(chip: "gpiochip0")), .unavailable,
      "\(CalibrationError<GPIOError>.noFreeLines(chip: "gpiochip0"))"),
    TableRow(
      "a calibration the deck did not confirm", LaneCalibration.Failure.calibration(.deckNotConfirmed),
      .temporaryFailure, "\(CalibrationError<GPIOError>.deckNotConfirmed)"),
    TableRow("a re-check that found drift", LaneCalibration.Failure.driftFound, .checkFoundDrift, ""),
  ]

  @Test(
    "When a runtime error reaches lane, then it exits with the family's status and says the error's message",
    arguments: deskFiles + printing + requests + links + setups + pairs + hardware)
  func row(_ row: TableRow) throws {
    let failure = try #require(LaneFailure(recognizing: row.error))
    #expect(failure.status == row.status)
    #expect(failure.message == row.message)
  }

  @Test("When the control socket cannot be made beside the journal, then lane exits 73 naming it")
  func controlSocket() throws {
    let error = #expect(throws: ControlSocket.SetupError.self) {
      try ControlSocket(path: "/nonexistent-lane-folder/lane.journal.sock")
    }
    let failure = try #require(error.flatMap(LaneFailure.init(recognizing:)))
    #expect(failure.status == .cannotCreate)
    #expect(failure.message.hasPrefix("cannot serve corrections on '/nonexistent-lane-folder/lane.journal.sock'"))
  }

  @Test("When the desk's TLS key cannot be read, then lane exits 66, and 78 when it is not PEM")
  func deskTLS() throws {
    let folder = try ScratchFolder()
    let missing = #expect(throws: DeskTLS.Problem.self) {
      try DeskTLS.loading(certificate: folder.path("cert.pem"), key: folder.path("key.pem"))
    }
    #expect(missing.flatMap(LaneFailure.init(recognizing:))?.status == .noInput)
    try "not PEM\n".write(toFile: folder.path("cert.pem"), atomically: false, encoding: .utf8)
    let notPEM = #expect(throws: DeskTLS.Problem.self) {
      try DeskTLS.loading(certificate: folder.path("cert.pem"), key: folder.path("key.pem"))
    }
    #expect(notPEM.flatMap(LaneFailure.init(recognizing:))?.status == .badConfiguration)
  }
}
