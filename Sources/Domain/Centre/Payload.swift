/// The payloads of the centre link, schema version 1 (docs/centre.md).
///
/// Every payload is a JSON object with `"v": 1`; ``CentreMessage/decode(topic:payload:)``
/// validates one before anything acts on it.
public enum Payload {
  /// The schema version this build speaks.
  public static let version = 1

  /// A session's id: 1-64 characters from `a-z A-Z 0-9 - _ : .`.
  public static func isValidSession(_ session: String) -> Bool {
    (1...64).contains(session.utf8.count)
      && session.allSatisfy { LaneID.isAllowed($0) || $0 == ":" || $0 == "." }
  }

  /// A command's request id: 1-64 characters from `a-z A-Z 0-9 - _`.
  public static func isValidRequestID(_ id: String) -> Bool {
    (1...64).contains(id.utf8.count) && id.allSatisfy(LaneID.isAllowed)
  }

  /// Whether `name` may be a desk user's (``Command/user``): 1-32 of `a-z 0-9 . _ -`,
  /// starting with a letter or digit, so it fits in a journal's author (`desk/NAME/ID`)
  /// and a users file's column.
  public static func isValidUserName(_ name: String) -> Bool {
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-".utf8)
    guard (1...32).contains(name.utf8.count), let first = name.utf8.first else { return false }
    return name.utf8.allSatisfy(allowed.contains) && !".-_".utf8.contains(first)
  }

  /// The two lanes of a pair bowling a league night, left then right, as each of its records
  /// and boards names them: a night's record is the pair's (a correction refolds the whole
  /// night, a bowler's bonuses cross lanes), so each lane of the pair publishes the whole
  /// night under its own id, and a record's `delivered` says on which side it was bowled.
  public struct Pair: Hashable, Sendable, Codable {
    public var left: LaneID
    public var right: LaneID

    public init(left: LaneID, right: LaneID) {
      self.left = left
      self.right = right
    }

    /// Whether `lane` is one of the pair's.
    public func contains(_ lane: LaneID) -> Bool { lane == left || lane == right }
  }

  /// A journal record on `…/events`: one lane's sequence within a session,
  /// numbered from 1 without gaps.
  public struct Event: Hashable, Sendable, Codable {
    /// What the record is.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
      case `throw`, frame, game, correction, bowlers, warning
      case sessionStart = "session-start"
      case sessionEnd = "session-end"
    }

    public var v: Int
    public var lane: LaneID
    public var session: String
    public var seq: Int
    public var type: Kind
    /// The journal record itself, carried as it is.
    public var record: JSONValue?
    /// When the lane published this message, milliseconds since 1970 by the lane's wall
    /// clock: for latency figures only (a resend carries its own), never for order, which
    /// is `seq`'s. Absent from lanes before it was added.
    public var sentAt: Double?
    /// `true` when the lane published this event ahead of an earlier session the desk does
    /// not have whole yet (no desk was online): for displays, which follow the open session
    /// live. The desk takes a session's events only once it has every earlier session, when
    /// the lane publishes them again without this mark (``DeskConsumer``). Absent means
    /// `false`.
    public var ahead: Bool?
    /// The pair whose league night this record is of (the topic's lane is one of its two);
    /// absent for a lane's own session.
    public var pair: Pair?

    public init(
      lane: LaneID, session: String, seq: Int, type: Kind, record: JSONValue? = nil,
      sentAt: Double? = nil, ahead: Bool? = nil, pair: Pair? = nil
    ) {
      self.v = Payload.version
      self.lane = lane
      self.session = session
      self.seq = seq
      self.type = type
      self.record = record
      self.sentAt = sentAt
      self.ahead = ahead
      self.pair = pair
    }
  }

  /// A lane's retained `…/status`; its will carries `offline` with the
  /// same epoch, so a will from an older connection is recognisable.
  public struct Status: Hashable, Sendable, Codable {
    public enum State: String, Hashable, Sendable, Codable {
      case online, offline
    }

    /// The GPIO chip and the line offset of each wired input, as `lane run` opened them.
    public struct Wiring: Hashable, Sendable, Codable {
      /// The chip's kernel name, such as `gpiochip0`.
      public var chip: String
      /// Each input's wiring-file key (`pins.7`, `signals.ball`) and its line offset.
      public var lines: [String: Int]

      public init(chip: String, lines: [String: Int]) {
        self.chip = chip
        self.lines = lines
      }
    }

    public var v: Int
    public var lane: LaneID
    public var state: State
    /// Counts the lane's connections; a status with a lower epoch is stale.
    public var epoch: Int
    /// The LaneBridge version the lane runs (``SoftwareVersion/current``).
    public var version: String?
    /// The lane's wiring; absent for a simulated lane.
    public var wiring: Wiring?
    public var lastSeq: Int?
    /// Faults the lane sees (a stuck pin line, a pinsetter that did not cycle), each a
    /// sentence for the desk; empty when the lane is healthy.
    public var faults: [String]?

    public init(
      lane: LaneID, state: State, epoch: Int, version: String? = nil, wiring: Wiring? = nil,
      lastSeq: Int? = nil, faults: [String]? = nil
    ) {
      self.v = Payload.version
      self.lane = lane
      self.state = state
      self.epoch = epoch
      self.version = version
      self.wiring = wiring
      self.lastSeq = lastSeq
      self.faults = faults
    }
  }

  /// A lane's retained `…/board`: its current games, for a desk that joins late.
  public struct Board: Hashable, Sendable, Codable {
    public var v: Int
    public var lane: LaneID
    public var session: String
    /// The last event seq the board includes.
    public var seq: Int
    /// One object per bowler: `bowler`, `game`, `frame`, `total`, `complete`, `earlier`;
    /// on a league night also `team`, every bowler of both teams in lineup order.
    public var games: JSONValue
    /// The pair whose league night the board shows; absent for a lane's own session.
    public var pair: Pair?
    /// The league's name, on a league night.
    public var league: String?

    public init(
      lane: LaneID, session: String, seq: Int, games: JSONValue, pair: Pair? = nil, league: String? = nil
    ) {
      self.v = Payload.version
      self.lane = lane
      self.session = session
      self.seq = seq
      self.games = games
      self.pair = pair
      self.league = league
    }
  }

  /// The desk's retained `…/ack`: every event of `session` up to `upto` is safe.
  public struct Ack: Hashable, Sendable, Codable {
    public var v: Int
    public var session: String
    public var upto: Int

    public init(session: String, upto: Int) {
      self.v = Payload.version
      self.session = session
      self.upto = upto
    }
  }

  /// A command on `…/commands`, with a request id the reply repeats; the
  /// lane journals the id with its result and answers a repeated id from
  /// the journal without acting again.
  public struct Command: Hashable, Sendable, Codable {
    public enum Action: String, Hashable, Sendable, Codable {
      case startSession = "start-session"
      case endSession = "end-session"
      case correct
      /// Asks the lane to publish its events again from `from`.
      case resend
      /// Corrects the league night a pair bowls: `command` as the pair's console takes it
      /// (docs/league.md), `why` the reason the journal keeps.
      case league
      /// Starts a league night on the pair the lane is one of: `night`, a night file's TOML
      /// (docs/league.md). The pair ends both lanes' open sessions, which must have no
      /// deliveries, and scores the night until an `end-session`.
      case startLeague = "start-league"
    }

    /// How to correct the last throw, as `lane correct` does.
    public enum Correction: String, Hashable, Sendable, Codable {
      case pins, foul, deadBall = "dead-ball", undo
      case noFoul = "no-foul"
    }

    public var v: Int
    public var id: String
    public var action: Action
    public var bowlers: [String]?
    public var correction: Correction?
    /// The pins knocked down, for ``Correction/pins``.
    public var pins: [Int]?
    /// The first seq to publish again, for ``Action/resend``.
    public var from: Int?
    /// The session to publish again, for ``Action/resend``; absent: the oldest session the
    /// desk does not have whole (the one being published).
    public var session: String?
    /// The league command, for ``Action/league``: `move 12 to Ana`, `pins 7 1,2,4`.
    public var command: String?
    /// Why, for ``Action/league``: kept in the night's journal with the correction.
    public var why: String?
    /// The night file's text, TOML, for ``Action/startLeague``: at most
    /// ``maximumNightLength`` bytes.
    public var night: String?
    /// The desk user who sent it from the desk's signed-in page (`lane desk --http`); the
    /// lane journals the request as theirs (``LaneRequest/author(of:)``).
    public var user: String?

    public init(
      id: String, action: Action, bowlers: [String]? = nil, correction: Correction? = nil,
      pins: [Int]? = nil, from: Int? = nil, session: String? = nil, command: String? = nil,
      why: String? = nil, night: String? = nil, user: String? = nil
    ) {
      self.v = Payload.version
      self.id = id
      self.action = action
      self.bowlers = bowlers
      self.correction = correction
      self.pins = pins
      self.from = from
      self.session = session
      self.command = command
      self.why = why
      self.night = night
      self.user = user
    }

    /// The most bowlers a session takes, and the longest name.
    public static let maximumBowlers = 8
    public static let maximumNameLength = 32
    /// The longest league command and reason, in characters: the pair's own limits
    /// (`LeagueCommand.maximumLength` and `maximumReasonLength`, checked equal in tests).
    public static let maximumCommandLength = 300
    public static let maximumReasonLength = 200
    /// The longest night file a `start-league` carries, in UTF-8 bytes: a pair's night of
    /// four teams of eight bowlers is under 2 KiB.
    public static let maximumNightLength = 16 * 1024
  }

  /// A lane's answer on `…/replies` to the command with the same id.
  public struct Reply: Hashable, Sendable, Codable {
    public var v: Int
    public var id: String
    public var ok: Bool
    /// What was done, or why not.
    public var message: String

    public init(id: String, ok: Bool, message: String) {
      self.v = Payload.version
      self.id = id
      self.ok = ok
      self.message = message
    }
  }

  /// The desk's retained `lanebridge/v1/desk/status` (its will sets offline).
  public struct DeskStatus: Hashable, Sendable, Codable {
    public var v: Int
    public var state: Status.State
    public var epoch: Int

    public init(state: Status.State, epoch: Int) {
      self.v = Payload.version
      self.state = state
      self.epoch = epoch
    }
  }
}
