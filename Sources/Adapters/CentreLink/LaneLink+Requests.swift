import Bowling
import Centre
import LaneBridge
import Synchronization

extension LaneLink {
  /// Hands the desk's corrections and changes of session to the lane loop through its
  /// inbox, the same way the control socket's arrive: each wakes the lane, is journalled
  /// and then answered.
  public final class Requests: Sendable {
    private let inbox = Mutex<LaneInbox?>(nil)
    private let waiting = Mutex<[RemoteRequest]>([])

    /// Posts every correction, those that came before too, to `inbox`.
    public func deliver(to inbox: LaneInbox) {
      self.inbox.withLock { $0 = inbox }
      for request in waiting.withLock({ waiting in defer { waiting = [] }; return waiting }) {
        add(request)
      }
    }

    func add(_ request: RemoteRequest) {
      guard let inbox = inbox.withLock({ $0 }) else {
        return waiting.withLock { $0.append(request) }
      }
      let asked = ControlRequest(id: request.author, by: request.author, action: request.action)
      inbox.post(.request(asked) { reply in
        if reply.ok, let sequence = reply.sequence {
          request.answer(.done(sequence: sequence, change: reply.what ?? ""))
        } else {
          request.answer(.refused(reply.error ?? "refused"))
        }
      })
    }
  }

  /// What a desk request asks of the lane loop, the control socket's way.
  static func action(_ request: LaneRequest) -> ControlRequest.Action {
    switch request {
    case .correct(.pins(let pins)): .correct(.setPins(PinSet(pins.compactMap(Pin.init(rawValue:)))))
    case .correct(.foul(let foul)): .correct(.foul(foul))
    case .correct(.deadBall): .correct(.deadBall)
    case .correct(.undo): .correct(.undo)
    case .endSession: .endSession
    case .startSession(let bowlers): .startSession(bowlers: bowlers)
    case .league(let command, let why): .league(command: command, why: why)
    case .startLeague(let night): .startLeague(night: night)
    }
  }
}
