import Testing

@testable import League

@Suite("Handicap per game")
struct HandicapTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var average: Int
    var max: Int?
    var negative = false
    var expected: Int
    var testDescription: String {
      "average \(average)\(max.map { ", max \($0)" } ?? "")\(negative ? ", negative allowed" : "") → \(expected)"
    }
  }

  @Test(
    "When the basis is 220 at 90 %, then handicap is the difference times 90 % with fractions dropped",
    arguments: [
      Case(average: 170, expected: 45),
      Case(average: 172, expected: 43),  // 43.2
      Case(average: 141, expected: 71),  // 71.1
      Case(average: 141, max: 60, expected: 60),
      Case(average: 230, expected: 0),
      Case(average: 225, negative: true, expected: -5),  // -4.5 floors to -5
      Case(average: 220, negative: true, expected: 0),
    ])
  func handicap(_ example: Case) {
    let settings = LeagueSettings(
      name: "L", games: 3, handicapBasis: 220, handicapPercentage: 90, handicapMax: example.max,
      handicapAllowNegative: example.negative)
    #expect(settings.handicap(forAverage: example.average) == example.expected)
  }
}
