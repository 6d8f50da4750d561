import Bowling
import LaneSensing
import Testing

@testable import LaneBridge

@Suite("Scoring what the detector finds")
struct LaneScorerTests {
  static func delivery(
    _ knocked: PinSet, standing: PinSet = .full, at seconds: Int64 = 5, foul: Bool = false
  ) -> ThrowDetector.Output {
    .delivery(DetectedThrow(
      start: SensorInstant(nanoseconds: (seconds - 3) * 1_000_000_000),
      end: SensorInstant(nanoseconds: seconds * 1_000_000_000),
      standingBefore: standing, knocked: knocked, isFoul: foul))
  }

  @Suite("Given a lane before its first ball")
  struct FirstBall {
    var scorer = LaneScorer()

    @Test("When the deck shows pins down, then the throw is scored as frame 1, ball 1")
    mutating func scoresFirstBall() throws {
      let events = scorer.take(LaneScorerTests.delivery([1, 2, 3, 5]))

      let scored = try #require(events.first.flatMap { event -> ScoredThrow? in
        if case .scored(let scored) = event { scored } else { nil }
      })
      #expect(events.count == 1)
      #expect(scored.delivery == .knocked([1, 2, 3, 5]))
      #expect(scored.recorded == GameSeries.Recorded(game: 1, position: .init(frame: 1, ball: 1)))
      #expect(!scored.completesFrame)
    }

    @Test("When the detector warns, then the warning is passed on and nothing is scored")
    mutating func passesWarningsOn() {
      let warning = ThrowDetector.Warning(time: .zero, kind: .extraBall)
      #expect(scorer.take(.warning(warning)) == [.warning(.detector(warning))])
      #expect(scorer.series.current.frames.isEmpty)
    }

    @Test("When a foul knocks pins, then the throw credits nothing")
    mutating func foulCreditsNothing() {
      _ = scorer.take(LaneScorerTests.delivery([1, 2, 3], foul: true))
      #expect(scorer.series.current.frames[0].balls[0].credited == 0)
      #expect(scorer.series.standing == .reset)
    }
  }

  @Suite("Given a first ball that left 7-10")
  struct SecondBall {
    var scorer = LaneScorer()

    init() {
      _ = scorer.take(LaneScorerTests.delivery(([7, 10] as PinSet).complement))
    }

    @Test("When the second ball takes both, then it completes the frame as a spare")
    mutating func spare() throws {
      let events = scorer.take(LaneScorerTests.delivery([7, 10], standing: [7, 10], at: 20))

      guard case .scored(let scored) = try #require(events.first) else {
        Issue.record("expected a scored throw, got \(events)")
        return
      }
      #expect(scored.completesFrame)
      #expect(scorer.series.current.frames[0].isSpare)
    }

    @Test("When the deck also reports pin 1 down, then only 7 and 10 count and the operator is told")
    mutating func pinsAlreadyDown() {
      let events = scorer.take(LaneScorerTests.delivery([1, 7], standing: .full, at: 20))

      #expect(events.first == .warning(.pinsAlreadyDown([1], at: SensorInstant(nanoseconds: 20_000_000_000))))
      #expect(scorer.series.current.frames[0].balls[1].delivery == .knocked([7]))
      #expect(scorer.series.current.total == 9)
    }
  }

  @Test("Given a finished game, when the next delivery comes, then it is game 2, frame 1")
  func nextGame() {
    var scorer = LaneScorer()
    for second in 0..<12 { _ = scorer.take(Self.delivery(.full, at: Int64(second) * 10)) }

    let events = scorer.take(Self.delivery([1], at: 200))

    guard case .scored(let scored)? = events.first else {
      Issue.record("expected a scored throw, got \(events)")
      return
    }
    #expect(scored.recorded == GameSeries.Recorded(game: 2, position: .init(frame: 1, ball: 1)))
    #expect(scorer.series.games.map(\.total) == [300, 0])
  }
}

@Suite("Warnings for the lane operator")
struct LaneWarningTests {
  @Test("Then each warning says when, what happened and what was done")
  func messages() {
    let time = SensorInstant(nanoseconds: 12_500_000_000)
    #expect(LaneWarning.pinsAlreadyDown([1, 2], at: time).description
      == "at 12.500000s: the deck reported pins 1-2 down, but the game had not set them"
      + " for this ball; not credited (check that sensor)")
    #expect(LaneWarning.notScored(.gameOver(at: .init(frame: 10, ball: 4)), at: time).description
      == "at 12.500000s: the throw was not scored: frame 10, ball 4: the game is already"
      + " over; start a new game for this ball")
  }
}
