import Bowling
import Foundation
import LaneSensing
import SimulatedPinSensor
import TestSupport
import Testing

@testable import LaneBridge

@Suite("Recording a lane's raw events")
struct TraceRecordingTests {
  let script = SensorScript()
    .ball(at: .seconds(1))
    .pin(7, fallsAt: .milliseconds(1_300), chatter: .bounces(2, every: .microseconds(1_500)))
    .lostEvents(5, at: .seconds(2), standing: PinSet.full.subtracting([7]))
    .cycleOn(at: .seconds(6))

  @Test("When a sensor is recorded, then replaying the trace gives back every event in order")
  func roundTrip() throws {
    var sensor = SimulatedPinSensor(script: script)
    var trace = ""

    let summary = try TraceRecording(header: ["lane 7"]).record(&sensor, to: &trace)

    var original = SimulatedPinSensor(script: script)
    var replay = SimulatedPinSensor(traceLines: trace.split(separator: "\n").map(String.init).makeIterator())
    #expect(try events(of: &replay) == events(of: &original))
    #expect(summary == TraceRecording.Summary(events: 9, lostEvents: 5))
    #expect(trace.hasPrefix("# lane 7\n0.000000 pins 1111111111\n1.000000 ball\n"))
    #expect(trace.contains("# lost 5 events before 2.000000; levels re-read next\n2.000000 pins 1111110111\n"))
  }

  @Test("When the sensor falls quiet, then what was written is synced")
  func syncsWhenQuiet() throws {
    var sensor = SimulatedPinSensor(script: script)
    var trace = ""
    var syncs = 0

    _ = try TraceRecording(header: []).record(
      &sensor, to: &trace, idleTimeout: .seconds(1), sync: { syncs += 1 })

    // Quiet between 2 s and 6 s: at 3, 4 and 5 s.
    #expect(syncs == 3)
  }

  private func events(of sensor: inout SimulatedPinSensor) throws -> [SensorEvent] {
    var events: [SensorEvent] = []
    while let reading = try sensor.next(timeout: .seconds(3600)) {
      if case .event(let event) = reading { events.append(event) }
    }
    return events
  }
}

@Suite("The file a recording goes to")
struct RecordingFileTests {
  let folder: ScratchFolder
  let path: String

  init() throws {
    folder = try ScratchFolder("lanebridge-recording")
    path = folder.path("lane.trace")
  }

  @Test("When the file does not exist, then it is created with what was written")
  func creates() throws {
    let file = try RecordingFile(path: path, replacing: false)
    file.write("0.000000 ball\n")
    try file.sync()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "0.000000 ball\n")
  }

  @Test("When the file exists, then it is kept and the error says how to replace it")
  func refusesToReplace() throws {
    try "precious\n".write(toFile: path, atomically: false, encoding: .utf8)

    #expect(throws: RecordingFile.Failure(path: path, operation: "create", errno: EEXIST)) {
      try RecordingFile(path: path, replacing: false)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious\n")
    #expect(RecordingFile.Failure(path: path, operation: "create", errno: EEXIST).description
      == "cannot create '\(path)': File exists; choose another --out file or pass --force to replace it")
  }

  @Test("When replacing is asked for, then the old content stays until the recording is finished, then is replaced whole")
  func replaces() throws {
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
    let file = try RecordingFile(path: path, replacing: true)
    file.write("new\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")

    try file.finish()

    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
  }

  @Test("When the output path is a symbolic link, then it is never followed: without force it is refused, with force the link itself is replaced")
  func symbolicLink() throws {
    let target = path + ".target"
    defer {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: target)
    }
    try "someone else's file\n".write(toFile: target, atomically: false, encoding: .utf8)
    #expect(symlink(target, path) == 0)

    #expect(throws: RecordingFile.Failure(path: path, operation: "create", errno: EEXIST)) {
      try RecordingFile(path: path, replacing: false)
    }
    let forced = try RecordingFile(path: path, replacing: true)
    forced.write("recorded\n")
    try forced.finish()

    #expect(try String(contentsOfFile: target, encoding: .utf8) == "someone else's file\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "recorded\n")
  }

  @Test("When the output path is a folder, then replacing it is refused naming what it is")
  func folderAsOutput() throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: path) }

    #expect(throws: RecordingFile.Failure(path: path, operation: "replace", errno: 0, kind: "a directory")) {
      try RecordingFile(path: path, replacing: true)
    }
  }
}
