import Bowling
import League
import Testing

@Suite("A league command typed at the pair or the desk")
struct LeagueCommandSyntaxTests {
  /// A line and the command it reads as.
  struct Case: CustomTestStringConvertible, Sendable {
    var line: String
    var command: LeagueCommand
    var testDescription: String { line }

    init(_ line: String, _ correction: LeagueCorrection, reason: String? = nil) {
      self.line = line
      self.command = LeagueCommand(.correct(correction), reason: reason)
    }

    init(_ line: String, undoBecause reason: String?) {
      self.line = line
      self.command = LeagueCommand(.undo, reason: reason)
    }
  }

  /// A line and why it is refused.
  struct Refusal: CustomTestStringConvertible, Sendable {
    var line: String
    var error: LeagueCommand.ParseError
    var testDescription: String { line.isEmpty ? "(blank)" : line }

    init(_ line: String, _ error: LeagueCommand.ParseError) {
      self.line = line
      self.error = error
    }
  }

  @Suite("Given Pin Pals (Ana, Ben) against Gutter Kings (Cy, Di)")
  struct TwoTeams {
    let play = LeaguePlay(night: Nights.night())
    let ana = Nights.ana, ben = Nights.ben

    static let commands: [Case] = [
      Case("pins 12 1,2,4", .pins(delivery: 12, [1, 2, 4])),
      Case("pins 12 -", .pins(delivery: 12, .empty)),
      Case("PINS 3 7-10", .pins(delivery: 3, [7, 10])),
      Case("pins 3 1, 2 4", .pins(delivery: 3, [1, 2, 4])),
      Case("pins 3 X", .pins(delivery: 3, .full)),
      Case("foul 12", .foul(delivery: 12, true)),
      Case("no-foul 12", .foul(delivery: 12, false)),
      Case("dead-ball 12", .deadBall(delivery: 12)),
      Case("dead 12", .deadBall(delivery: 12)),
      Case("move 12,13 to Ana", .move(deliveries: [12, 13], to: Nights.ana)),
      Case("move 12, 13 TO cy", .move(deliveries: [12, 13], to: Nights.cy)),
      Case("move 4 to 2.2", .move(deliveries: [4], to: Nights.di)),
      Case("wrong-lane 12 Ben rebowl", .wrongLane(delivery: 12, bowler: Nights.ben, rebowl: true)),
      Case("wrong-lane 12 1.2 keep", .wrongLane(delivery: 12, bowler: Nights.ben, rebowl: false)),
      Case("provisional 12", .provisional(delivery: 12)),
      Case("decide 12 provisional", .decide(delivery: 12, provisionalCounts: true)),
      Case("decide 12 first", .decide(delivery: 12, provisionalCounts: false)),
      Case("late 1.2", .late(Nights.ben)),
      Case("arrived Di", .arrived(Nights.di)),
      Case("absent ANA", .absent(Nights.ana, true)),
      Case("present ana", .absent(Nights.ana, false)),
      Case("average Ana 165", .average(Nights.ana, 165)),
      Case("handicap Ana 20", .handicap(Nights.ana, 20)),
      Case("handicap 2.1 -5", .handicap(Nights.cy, -5)),
      Case("handicap Ana formula", .handicap(Nights.ana, nil)),
      Case("sub 1.2 Zoe 150", .substitute(Nights.ben, name: "Zoe", average: 150)),
      Case("substitute Ben Zoe   Anne 150", .substitute(Nights.ben, name: "Zoe Anne", average: 150)),
      Case(#"sub 2.1 "Jo; ""Junior""" 140"#, .substitute(Nights.cy, name: #"Jo; "Junior""#, average: 140)),
      Case("  foul   12  ", .foul(delivery: 12, true)),
      Case("foul 12; the foul light missed it", .foul(delivery: 12, true), reason: "the foul light missed it"),
      Case("move 7 to Ben ;  bowled out of turn; twice ", .move(deliveries: [7], to: Nights.ben),
        reason: "bowled out of turn; twice"),
      Case("foul 12;", .foul(delivery: 12, true)),
      Case("undo", undoBecause: nil),
      Case("UNDO; wrong key", undoBecause: "wrong key"),
    ]

    @Test("When a command is typed, then it reads as its correction or undo, with its reason", arguments: commands)
    func reads(_ typed: Case) throws {
      #expect(try LeagueCommand.parse(typed.line, in: play) == typed.command)
    }

    static let refusals: [Refusal] = [
      Refusal("", .empty),
      Refusal("   ; why", .empty),
      Refusal("strike 12", .unknownVerb("strike")),
      Refusal(#""foul" 12"#, .unknownVerb("foul")),
      Refusal("foul", .wrongForm(.foul, found: "")),
      Refusal("foul 12 13", .wrongForm(.foul, found: "12 13")),
      Refusal("undo 12", .wrongForm(.undo, found: "12")),
      Refusal("pins 12", .wrongForm(.pins, found: "12")),
      Refusal("move 12 Ana", .wrongForm(.move, found: "12 Ana")),
      Refusal("move to Ana", .wrongForm(.move, found: "to Ana")),
      Refusal("move 12 to", .wrongForm(.move, found: "12 to")),
      Refusal("decide 12 maybe", .wrongForm(.decide, found: "12 maybe")),
      Refusal("wrong-lane 12 Ana later", .wrongForm(.wrongLane, found: "12 Ana later")),
      Refusal("sub 1.2 150", .wrongForm(.substitute, found: "1.2 150")),
      Refusal("foul twelve", .badDelivery(.foul, "twelve")),
      Refusal("foul 0", .badDelivery(.foul, "0")),
      Refusal("dead -3", .badDelivery(.deadBall, "-3")),
      Refusal("provisional +3", .badDelivery(.provisional, "+3")),
      Refusal("foul 99999999999999999999", .badDelivery(.foul, "99999999999999999999")),
      Refusal("move 12,x to Ana", .badDelivery(.move, "x")),
      Refusal("move 12,13,12 to Ana", .repeatedDelivery(12)),
      Refusal("pins 12 1,11", .badPin("11")),
      Refusal("pins 12 0", .badPin("0")),
      Refusal("pins 12 1,2,1", .repeatedPin(1)),
      Refusal("late 3.1", .noSuchPlace("3.1", lineups: [2, 2])),
      Refusal("late 1.3", .noSuchPlace("1.3", lineups: [2, 2])),
      Refusal("late 1.0", .noSuchPlace("1.0", lineups: [2, 2])),
      Refusal("late 0.1", .noSuchPlace("0.1", lineups: [2, 2])),
      Refusal("average Ana lots", .badNumber(.average, "lots")),
      Refusal("handicap Ana some", .badNumber(.handicap, "some")),
      Refusal("sub 1.2 Zoe many", .badNumber(.substitute, "many")),
      Refusal("arrived Zed", .unknownName("Zed", candidates: ["1.1 Ana", "1.2 Ben", "2.1 Cy", "2.2 Di"])),
      Refusal(#"late "1.2""#, .unknownName("1.2", candidates: ["1.1 Ana", "1.2 Ben", "2.1 Cy", "2.2 Di"])),
      Refusal(#"sub 1.2 "" 150"#, .badName("")),
      Refusal("sub 1.2 Zoe, Jr 150", .badName("Zoe, Jr")),
      Refusal(#"arrived "Ana"#, .unclosedQuote),
      Refusal("foul 12\u{1B}[2J", .controlCharacter),
      Refusal("foul 12; because\u{7}", .controlCharacter),
      Refusal("arrived " + String(repeating: "A", count: 293), .tooLong(301)),
      Refusal("foul 12; " + String(repeating: "r", count: 201), .badReason),
    ]

    @Test("When a line is not a command, then it is refused saying why", arguments: refusals)
    func refuses(_ typed: Refusal) {
      #expect(throws: typed.error) { try LeagueCommand.parse(typed.line, in: play) }
    }

    @Test("When a command is just the longest allowed, then it is read")
    func longestAllowed() throws {
      let line = "arrived " + String(repeating: "A", count: 292)
      #expect(line.count == LeagueCommand.maximumLength)
      #expect(throws: LeagueCommand.ParseError.unknownName(String(repeating: "A", count: 292), candidates: ["1.1 Ana", "1.2 Ben", "2.1 Cy", "2.2 Di"])) {
        try LeagueCommand.parse(line, in: play)
      }
    }

    @Test("When a reason is required, then a line without one is refused and one with it is read")
    func reasonRequired() throws {
      #expect(throws: LeagueCommand.ParseError.missingReason) {
        try LeagueCommand.parse("foul 12", in: play, reason: .required)
      }
      #expect(throws: LeagueCommand.ParseError.missingReason) {
        try LeagueCommand.parse("undo ;  ", in: play, reason: .required)
      }
      #expect(
        try LeagueCommand.parse("foul 12; light missed it", in: play, reason: .required)
          == LeagueCommand(.correct(.foul(delivery: 12, true)), reason: "light missed it"))
    }

    @Test("When the reason is given apart, then it is the command's, and the line may not carry another")
    func reasonGivenApart() throws {
      #expect(
        try LeagueCommand.parse("move 12 to Ana", in: play, reason: .given(" bowled out of turn "))
          == LeagueCommand(.correct(.move(deliveries: [12], to: ana)), reason: "bowled out of turn"))
      #expect(throws: LeagueCommand.ParseError.reasonTwice) {
        try LeagueCommand.parse("undo; oops", in: play, reason: .given("oops"))
      }
      #expect(throws: LeagueCommand.ParseError.missingReason) {
        try LeagueCommand.parse("undo", in: play, reason: .given("  "))
      }
      #expect(throws: LeagueCommand.ParseError.badReason) {
        try LeagueCommand.parse("undo", in: play, reason: .given("a\u{1B}[2J"))
      }
      #expect(throws: LeagueCommand.ParseError.badReason) {
        try LeagueCommand.parse("undo", in: play, reason: .given(String(repeating: "r", count: 201)))
      }
      #expect(try LeagueCommand.parse("undo", in: play, reason: .given(String(repeating: "r", count: 200))).reason?.count == 200)
    }

    @Test("When Ben is substituted, then the substitute's name names the place and Ben's no longer does")
    func substituteNamed() throws {
      var play = play
      try play.correct(.substitute(ben, name: "Zoe", average: 150))

      #expect(try LeagueCommand.parse("average zoe 160", in: play).action == .correct(.average(ben, 160)))
      #expect(throws: LeagueCommand.ParseError.unknownName("Ben", candidates: ["1.1 Ana", "1.2 Zoe", "2.1 Cy", "2.2 Di"])) {
        try LeagueCommand.parse("average Ben 160", in: play)
      }
    }

    @Test("When a typed command is made on the night, then the night takes it as the correction")
    func madeOnTheNight() throws {
      var play = play
      try play.frame(.left, 10)
      let command = try LeagueCommand.parse("foul 1; the light missed it", in: play)
      guard case .correct(let correction) = command.action else {
        Issue.record("a foul is a correction")
        return
      }

      try play.correct(correction)

      #expect(play.counts(ana) == [[0]])
    }
  }

  @Suite("Given Ana Maria and Ana on Pin Pals, ANA on Gutter Kings, and a vacancy")
  struct SharedNames {
    let play = LeaguePlay(night: Nights.night(
      pals: [Nights.bowler("Ana Maria", 170), Nights.bowler("Ana", 150)],
      kings: [Nights.bowler("ANA", 160), .vacancy], vacancyScore: 120))

    @Test("When a name of several words is typed plainly, in other blanks or in quotes, then it names its place")
    func severalWords() throws {
      let place = SlotID(team: 0, place: 0)
      #expect(try LeagueCommand.parse("late Ana Maria", in: play).action == .correct(.late(place)))
      #expect(try LeagueCommand.parse("late  ana   MARIA ", in: play).action == .correct(.late(place)))
      #expect(try LeagueCommand.parse(#"sub "Ana Maria" Zoe 150"#, in: play).action
        == .correct(.substitute(place, name: "Zoe", average: 150)))
      #expect(try LeagueCommand.parse("wrong-lane 3 Ana Maria keep", in: play).action
        == .correct(.wrongLane(delivery: 3, bowler: place, rebowl: false)))
    }

    @Test("When a name two places go by is typed, then it is refused listing both places")
    func ambiguous() {
      #expect(throws: LeagueCommand.ParseError.ambiguousName("ana", candidates: ["1.2 Ana", "2.1 ANA"])) {
        try LeagueCommand.parse("arrived ana", in: play)
      }
    }

    @Test("When the vacancy's place is named, then it reads (the night refuses it); its board name names nobody")
    func vacancy() throws {
      #expect(try LeagueCommand.parse("late 2.2", in: play).action == .correct(.late(SlotID(team: 1, place: 1))))
      #expect(throws: LeagueCommand.ParseError.unknownName("Vacancy", candidates: ["1.1 Ana Maria", "1.2 Ana", "2.1 ANA"])) {
        try LeagueCommand.parse("late Vacancy", in: play)
      }
    }
  }

  @Test("When errors are shown, then each says what is wrong and shows the right form or the choices")
  func errorDescriptions() {
    #expect("\(LeagueCommand.ParseError.badDelivery(.foul, "x"))"
      == "'x' is not a delivery number (1 for the night's first ball, and so on); write foul D, e.g. foul 12")
    #expect("\(LeagueCommand.ParseError.wrongForm(.move, found: "12 Ana"))"
      == "'move 12 Ana' does not fit; write move D,D to BOWLER, e.g. move 12,13 to Ana")
    #expect("\(LeagueCommand.ParseError.noSuchPlace("1.3", lineups: [2, 5]))"
      == "the night has no place 1.3: team 1 has places 1.1 to 1.2, team 2 has places 2.1 to 2.5")
    #expect("\(LeagueCommand.ParseError.ambiguousName("ana", candidates: ["1.2 Ana", "2.1 ANA"]))"
      == "'ana' could be 1.2 Ana or 2.1 ANA; name the place, e.g. 1.2")
    #expect("\(LeagueCommand.ParseError.unknownName("Zed", candidates: ["1.1 Ana", "2.1 Cy"]))"
      == "nobody bowling tonight is called 'Zed'; the bowlers are 1.1 Ana, 2.1 Cy")
    #expect("\(LeagueCommand.ParseError.unknownVerb("strike"))".hasPrefix("'strike' is not a league command; league commands: pins D"))
    #expect("\(LeagueCommand.ParseError.missingReason)".contains("foul 12; "))
  }

  @Test("When the summary is shown, then it gives every verb's form on one line")
  func summary() {
    #expect(!LeagueCommand.summary.contains("\n"))
    for verb in LeagueCommand.Verb.allCases {
      #expect(LeagueCommand.summary.contains(verb.form))
      #expect(LeagueCommand.Verb(word: verb.rawValue.uppercased()) == verb)
    }
  }
}
