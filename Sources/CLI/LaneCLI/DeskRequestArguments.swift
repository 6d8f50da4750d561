import ArgumentParser
import Centre
import LaneBridge
import LaneConfiguration
import LaneOptions

/// A request to a lane as `lane desk send LANE ACTION [VALUE] [--why REASON] [--request-id ID]`
/// takes it: the action, its value, the reason (a league correction's) and the request's id.
public struct DeskRequestArguments {
  public enum Action: String, ExpressibleByArgument, CaseIterable {
    case correct, endSession = "end-session", startSession = "start-session", league
    case startLeague = "start-league"
  }

  public var action: Action
  public var value: String?
  public var requestID: String?
  /// Why, for ``Action/league``.
  public var why: String?
  /// The night file's text, for ``Action/startLeague`` (whose value is the file's path).
  public var night: String?

  public init(action: Action, value: String?, requestID: String?, why: String? = nil, night: String? = nil) {
    self.action = action
    self.value = value
    self.requestID = requestID
    self.why = why
    self.night = night
  }

  /// How `lane desk send LANE` spells it.
  public var spelling: String {
    [action.rawValue, value.map { $0.debugDescription }].compactMap { $0 }.joined(separator: " ")
  }

  /// The command to publish, checked as the lane checks it.
  public func command() throws(ValidationError) -> Payload.Command {
    let id = requestID ?? "desk-" + String(UInt64.random(in: .min ... .max), radix: 36)
    if let requestID { try validated(try OptionValues.requestID(requestID)) }
    if why != nil, action != .league { throw ValidationError("only league takes --why") }
    switch action {
    case .league:
      guard let value, let why else {
        throw ValidationError(
          "league needs the command and --why, e.g. lane desk send lane12 league \"move 12 to Ana\" --why \"bowled out of turn\"")
      }
      return try Self.checked(Payload.Command(id: id, action: .league, command: value, why: why))
    case .startLeague:
      guard let night else {
        throw ValidationError("start-league needs the night file, e.g. lane desk send lane1 start-league tuesday.toml")
      }
      return try Self.checked(Payload.Command(id: id, action: .startLeague, night: night))
    case .correct:
      try validated(try OptionValues.checkDeskValue(action: action.rawValue, value: value))
      return try validated(try OptionValues.deskCorrection(value ?? "", id: id))
    case .endSession:
      try validated(try OptionValues.checkDeskValue(action: action.rawValue, value: value))
      return Payload.Command(id: id, action: .endSession)
    case .startSession:
      try validated(try OptionValues.checkDeskValue(action: action.rawValue, value: value))
      return try validated(try OptionValues.deskStartSession(value ?? "", id: id))
    }
  }
}

extension DeskRequestArguments {
  /// The text of the night file at `path`, for ``Action/startLeague``, checked as the pair
  /// will check it.
  ///
  /// - Throws: ``LaneFailure``: 66 when it cannot be read (or is over the command's
  ///   ``Payload/Command/maximumNightLength``), 65 when it is not a night.
  public static func night(at path: String) throws(LaneFailure) -> String {
    do {
      return try LeagueNightFile.readWithText(path: path, maximumSize: Payload.Command.maximumNightLength).text
    } catch {
      throw LaneFailure(error.isUnreadable ? .noInput : .dataError, "\(error)")
    }
  }

  /// `command`, checked as the lane checks it.
  fileprivate static func checked(_ command: Payload.Command) throws(ValidationError) -> Payload.Command {
    do {
      try CentreMessage.validate(command)
    } catch {
      throw ValidationError("\(error)")
    }
    return command
  }
}

/// `lane desk`'s one-shot spellings before `show` and `send`, kept for a release.
public struct DeprecatedDeskOptions: ParsableArguments {
  public init() {}

  @Option(help: .hidden) public var lane: String?
  @Option(help: .hidden) var correct: String?
  @Flag(name: .customLong("end-session"), help: .hidden) var endSession = false
  @Option(name: .customLong("start-session"), help: .hidden) var startSession: String?
  @Option(name: .customLong("request-id"), help: .hidden) public var requestID: String?

  /// How many of the old request options were given.
  public var requests: Int { [correct != nil, endSession, startSession != nil].filter { $0 }.count }

  /// The request the old options ask for, as `lane desk send` takes it.
  public var request: DeskRequestArguments? {
    if let correct { return .init(action: .correct, value: correct, requestID: requestID) }
    if endSession { return .init(action: .endSession, value: nil, requestID: requestID) }
    if let startSession { return .init(action: .startSession, value: startSession, requestID: requestID) }
    return nil
  }

  public func validate() throws {
    // Which go together is checked with --json, by the desk (checkDeprecatedDesk).
    if let lane { try validated(try OptionValues.lane(lane)) }
    if lane != nil, let request { _ = try request.command() }
  }
}
