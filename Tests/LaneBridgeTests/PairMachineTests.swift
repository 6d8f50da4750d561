import LaneBridge
import Testing

/// The pair's mode as a pure machine: told what happened, it says what the pair does next.
@Suite("A pair's mode between open play and league nights")
struct PairMachineTests {
  static let night = PairMachine.DeskNight(file: "nights/tuesday.toml", journal: "nights/tuesday.journal")
  static let start = ControlRequest(id: "s1", by: "desk/ana/s1", action: .startLeague(night: "[league]"))
  static let second = ControlRequest(id: "s2", by: "desk/ben/s2", action: .startLeague(night: "[league]"))

  @Suite("Given a pair that keeps its nights, in open play")
  struct OpenPlay {
    var machine = PairMachine(keepsNights: true)

    init() {
      #expect(machine.begin(commandNight: false, current: nil) == .playOpen(newSessionsBy: nil))
    }

    @Test("When the desk starts a night, then both loops stop, and once they ended the night is started")
    mutating func start() {
      #expect(machine.startAsked(PairMachineTests.start) == .stopLoops)
      let ended = machine.openPlayEnded(.loopsEnded)

      #expect(ended.step == .startNight(PairMachineTests.start))
      #expect(ended.refused == nil)
    }

    @Test("When a second start comes while one is being made, then it is refused")
    mutating func secondStart() {
      _ = machine.startAsked(PairMachineTests.start)

      #expect(machine.startAsked(PairMachineTests.second) == .refuse(PairMachine.anotherStart))
    }

    @Test("When the night starts, then the pair bowls it and a start then is refused as already bowling")
    mutating func started() {
      _ = machine.startAsked(PairMachineTests.start)
      _ = machine.openPlayEnded(.loopsEnded)

      #expect(machine.nightStart(.started(PairMachineTests.night)) == .bowl(.desk(PairMachineTests.night)))
      #expect(machine.startAsked(PairMachineTests.second) == .refuse(PairMachine.alreadyBowling))
    }

    @Test("When the start cannot be made, then the same lanes play on, and the desk may start again")
    mutating func refusedStart() {
      _ = machine.startAsked(PairMachineTests.start)
      _ = machine.openPlayEnded(.loopsEnded)

      #expect(machine.nightStart(.refused("lane7 has a session in progress")) == .resumeOpenPlay)
      #expect(machine.startAsked(PairMachineTests.second) == .stopLoops)
    }

    @Test("When a stop comes while a start is being made, then the run ends and the start is refused as stopped")
    mutating func stoppedWhileStarting() {
      _ = machine.startAsked(PairMachineTests.start)
      let ended = machine.openPlayEnded(.stopped)

      #expect(ended.step == .finish)
      #expect(ended.refused?.0 == PairMachineTests.start)
      #expect(ended.refused?.1 == "the pair was stopped before the night could start")
    }

    @Test("When a lane fails while a start is being made, then the run ends and the start is refused with the failure")
    mutating func failedWhileStarting() {
      _ = machine.startAsked(PairMachineTests.start)
      let ended = machine.openPlayEnded(.failed("the journal is full"))

      #expect(ended.step == .finish)
      #expect(ended.refused?.1 == "the lane failed: the journal is full")
    }

    @Test("When both lanes' sensors end with no start asked, then the run is over")
    mutating func sensorsEnded() {
      let ended = machine.openPlayEnded(.loopsEnded)

      #expect(ended.step == .finish)
      #expect(ended.refused == nil)
      #expect(machine.mode == .over)
    }
  }

  @Suite("Given a pair bowling a night the desk started")
  struct DeskNight {
    var machine = PairMachine(keepsNights: true)

    init() {
      #expect(machine.begin(commandNight: false, current: PairMachineTests.night) == .bowl(.desk(PairMachineTests.night)))
    }

    @Test("When the desk ends the night, then it is closed and each lane opens a new session by the desk's author")
    mutating func deskEnds() {
      #expect(machine.nightEnded(endedBy: "desk/ana/e1") == [.closeNight, .playOpen(newSessionsBy: "desk/ana/e1")])
      #expect(machine.mode == .openPlay(starting: nil))
    }

    @Test("When the night's run ends otherwise (a stop, the traces' end), then the run ends and the night stays current")
    mutating func endsOtherwise() {
      #expect(machine.nightEnded(endedBy: nil) == [.finish])
      #expect(machine.mode == .over)
    }
  }

  @Test("When the command names a night, then it is bowled from the start and its end, even asked by the desk, ends the run")
  func commandNight() {
    var machine = PairMachine(keepsNights: false)

    #expect(machine.begin(commandNight: true, current: Self.night) == .bowl(.command))
    #expect(machine.nightEnded(endedBy: "desk/ana/e1") == [.finish])
  }

  @Test("When a pair keeps no journals, or replays standard input, then every start is refused with why")
  func refusingPairs() {
    var withoutJournals = PairMachine(keepsNights: false)
    _ = withoutJournals.begin(commandNight: false, current: nil)
    var fromStandardInput = PairMachine(keepsNights: true, refusing: "this pair replays standard input")
    _ = fromStandardInput.begin(commandNight: false, current: nil)

    #expect(withoutJournals.startAsked(Self.start) == .refuse(PairMachine.noJournals))
    #expect(fromStandardInput.startAsked(Self.start) == .refuse("this pair replays standard input"))
    #expect(fromStandardInput.mode == .openPlay(starting: nil))
  }
}
