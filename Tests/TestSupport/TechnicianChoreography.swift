import Bowling
import Calibration
import Wiring

/// What a scripted technician does with the lane when calibration asks for a measurement
/// (knock and stand every pin, bowl test deliveries, watch the deck) or a signal: moves in
/// time after the request.
///
/// The same choreography whether the moves are scheduled on a ``SimulatedLane``'s clock
/// (CalibrationTests' `ScriptedTechnician`) or played in real time on gpio-sim lines
/// (GPIOSimRigTests' `RigTechnician`); only the ``Pace`` differs, since an emulated guest
/// should not wait ten seconds per delivery.
public struct TechnicianChoreography: Sendable {
  /// One line going to its active level (`fallen`: a pin down, a signal triggered) or back.
  public struct Move: Sendable, Equatable {
    /// When, after the request.
    public var at: Duration
    public var role: Wiring.Role
    public var fallen: Bool

    public init(at: Duration, role: Wiring.Role, fallen: Bool) {
      self.at = at
      self.role = role
      self.fallen = fallen
    }
  }

  /// How fast the technician works.
  public struct Pace: Sendable {
    /// Between one pin's knock and the next's while chatter is measured (pins 1 to 10, then
    /// again for each cycle).
    public var knockSpacing: Duration
    /// How long a knocked pin stays down before it stands again.
    public var knockHold: Duration
    /// Between the first knock of one cycle and the first of the next.
    public var knockCycle: Duration
    /// Between the falls of pins 1 to 9 in a test delivery.
    public var fallSpacing: Duration
    /// The pause before pin 10 falls, after pin 9: the longest pause the settle window is
    /// measured from.
    public var latePinPause: Duration
    /// From a delivery's first fall to the rack standing again, and between racks standing.
    public var standAfter: Duration
    public var standSpacing: Duration
    /// Between the first falls of one delivery and the next.
    public var delivery: Duration
    /// Between the rows of the deck falling (pin 1, then 2-3, ...), and when all stand again.
    public var deckRowSpacing: Duration
    public var deckStand: Duration
    /// How long the ball and foul-line detectors and the pinsetter cycle stay triggered.
    public var ballPulse: Duration
    public var cyclePulse: Duration

    public init(
      knockSpacing: Duration, knockHold: Duration, knockCycle: Duration, fallSpacing: Duration,
      latePinPause: Duration, standAfter: Duration, standSpacing: Duration, delivery: Duration,
      deckRowSpacing: Duration, deckStand: Duration, ballPulse: Duration = .milliseconds(40),
      cyclePulse: Duration = .seconds(2)
    ) {
      self.knockSpacing = knockSpacing
      self.knockHold = knockHold
      self.knockCycle = knockCycle
      self.fallSpacing = fallSpacing
      self.latePinPause = latePinPause
      self.standAfter = standAfter
      self.standSpacing = standSpacing
      self.delivery = delivery
      self.deckRowSpacing = deckRowSpacing
      self.deckStand = deckStand
      self.ballPulse = ballPulse
      self.cyclePulse = cyclePulse
    }
  }

  public var pace: Pace

  public init(pace: Pace) {
    self.pace = pace
  }

  /// The moves that answer `message`, in time order; empty for a message that asks nothing
  /// of the lane (and for knocking a pin down, which only the technician's hand knows how).
  public func moves(for message: CalibrationMessage) -> [Move] {
    let moves: [Move]
    switch message {
    case .knockDown(let role) where role == .ball || role == .foul:
      moves = pulse(role, length: pace.ballPulse)
    case .knockDown(.cycle):
      moves = pulse(.cycle, length: pace.cyclePulse)
    case .knockAndStand(let cycles):
      moves = (0..<cycles).flatMap { cycle in
        Pin.allCases.flatMap { pin in
          let knock = pace.knockCycle * cycle + pace.knockSpacing * (pin.rawValue - 1)
          return [
            Move(at: knock, role: .pin(pin), fallen: true),
            Move(at: knock + pace.knockHold, role: .pin(pin), fallen: false),
          ]
        }
      }
    case .bowlDeliveries(let count):
      moves = (0..<count).flatMap { delivery in
        let bowled = pace.delivery * delivery
        var moves = Pin.allCases.dropLast().map { pin in
          Move(at: bowled + pace.fallSpacing * (pin.rawValue - 1), role: .pin(pin), fallen: true)
        }
        moves.append(
          Move(at: bowled + pace.fallSpacing * 8 + pace.latePinPause, role: .pin(Pin(rawValue: 10)!), fallen: true))
        moves += Pin.allCases.map { pin in
          Move(at: bowled + pace.standAfter + pace.standSpacing * pin.rawValue, role: .pin(pin), fallen: false)
        }
        return moves
      }
    case .watchDeck:
      let rows: [PinSet] = [[1], [2, 3], [4, 5, 6], [7, 8, 9, 10]]
      moves = rows.enumerated().flatMap { index, row in
        row.map { Move(at: pace.deckRowSpacing * index, role: .pin($0), fallen: true) }
      } + Pin.allCases.map { Move(at: pace.deckStand, role: .pin($0), fallen: false) }
    default:
      moves = []
    }
    return moves.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
  }

  private func pulse(_ role: Wiring.Role, length: Duration) -> [Move] {
    [Move(at: .zero, role: role, fallen: true), Move(at: length, role: role, fallen: false)]
  }
}

/// Something a scripted technician does instead of what was asked, the next time a role is
/// asked for.
public enum TechnicianMistake: Sendable {
  /// Flips these lines (knocks a standing pin down, stands a fallen one up).
  case moves([Wiring.Role])
  /// Does nothing at all.
  case nothing
  /// Does what was asked while `line` glitches twice.
  case withGlitch(line: Int)
}

/// The mistakes a scripted technician is still to make, by the role they replace: each is
/// made once, the first time its role is asked for after it was scripted.
public struct TechnicianMistakes: Sendable {
  private var queued: [Wiring.Role: [TechnicianMistake]]

  public init(_ queued: [Wiring.Role: [TechnicianMistake]] = [:]) {
    self.queued = queued
  }

  public subscript(role: Wiring.Role) -> [TechnicianMistake] {
    get { queued[role] ?? [] }
    set { queued[role] = newValue }
  }

  /// The mistake to make now that `role` is asked for, if one is left; taken off the list.
  public mutating func take(for role: Wiring.Role) -> TechnicianMistake? {
    guard var list = queued[role], !list.isEmpty else { return nil }
    let mistake = list.removeFirst()
    queued[role] = list
    return mistake
  }
}
