extension LaneLinkMachine {
  /// What the machine reacts to.
  public enum Input: Hashable, Sendable {
    /// The broker accepted the connection (a first connect, or the client's reconnect).
    case connected
    /// The connection was lost; the client reconnects by itself.
    case disconnected
    /// A connection the link tried itself failed (``Action/connect``).
    case connectFailed
    /// The journal made `session`'s records durable up to `seq`.
    case recorded(session: String, upTo: Int)
    /// The lane closed its open session at seq `closingAt` and opened `session`.
    case opened(session: String, closingAt: Int)
    /// The desk acknowledged (its retained `…/ack` for this lane).
    case acknowledged(Payload.Ack)
    /// The desk's retained status.
    case deskStatus(Payload.Status.State)
    /// A validated command for this lane (the desk's, or a display's resend);
    /// `doneBefore` is the record a correction or change of session with this id already
    /// became, if the journal has one.
    case command(Payload.Command, doneBefore: RecordReference?)
    /// The lane loop applied (or refused) request `id` handed over by ``Action/ask(id:_:author:)``.
    case answered(id: String, LaneRequest.Outcome)
    /// The lane's current games, as of the open session's record `seq`.
    case board(games: JSONValue, seq: Int)
    /// A warning the lane sees, for the status's faults.
    case warning(String)
    /// A fault of the link's own (a refused message, a journal that cannot be published):
    /// told to the operator once (``Action/report(_:)``) and kept in the status's faults.
    case fault(String)
    /// The health monitor's faults, shown first in the status.
    case health([String])
    /// The lane's wiring as opened, for the status.
    case wiring(Payload.Status.Wiring)
    /// `session`'s events up to `seq` were handed to the broker (``Action/publishEvents``).
    case sent(session: String, upTo: Int)
    /// The source had no records to read for ``Action/publishEvents`` (a journal with a
    /// gap): events wait for the next record or tick.
    case unreadable
    /// An action other than publishing events was done.
    case done(Action)
    /// Publishing `action` failed: `refused` when the broker refused it (rule 1), else
    /// the connection's state afterwards. A reply is not tried again (the desk asks again).
    case publishFailed(Action, refused: String?, stillConnected: Bool)
    /// Writing ``Action/persist(_:)``'s acknowledgement to the lane's disk failed.
    case persistFailed(Payload.Ack, String)
    /// Nothing happened but time passing (a deadline the shell was told of).
    case tick
    /// The lane stops: finish by `deadline` (rule 8).
    case stop(deadline: Instant)
  }

  /// A record of the journal: which session, which seq.
  public struct RecordReference: Hashable, Sendable {
    public var session: String
    public var seq: Int

    public init(session: String, seq: Int) {
      self.session = session
      self.seq = seq
    }
  }

  /// What the shell does next, then reports with an ``Input``.
  public enum Action: Hashable, Sendable {
    /// Tell the operator (stderr); then ``Input/done(_:)``.
    case report(String)
    /// Write the acknowledgement to the lane's disk; then ``Input/done(_:)`` or
    /// ``Input/persistFailed(_:_:)``.
    case persist(Payload.Ack)
    /// Hand request `id` to the lane loop, to journal as `author`'s
    /// (``LaneRequest/author(of:)``); then ``Input/done(_:)``, and later
    /// ``Input/answered(id:_:)``.
    case ask(id: String, LaneRequest, author: String)
    /// Subscribe to the lane's `ack`, `commands` and `display-requests` and the desk's
    /// status; then ``Input/done(_:)`` (a failed subscription is reported, not retried).
    case subscribe
    /// Publish `reply` on `…/replies`; then ``Input/done(_:)`` or
    /// ``Input/publishFailed(_:refused:stillConnected:)``.
    case reply(Payload.Reply)
    /// Publish `session`'s records `seqs` on `…/events`, in order (as many as the source
    /// has, `ahead` marked); ``Input/sent(session:upTo:)`` after each, or
    /// ``Input/publishFailed(_:refused:stillConnected:)`` or ``Input/unreadable``.
    case publishEvents(session: String, seqs: ClosedRange<Int>, ahead: Bool)
    /// Publish the retained board; then ``Input/done(_:)`` or
    /// ``Input/publishFailed(_:refused:stillConnected:)``.
    case publishBoard(Payload.Board)
    /// Publish the retained status; then ``Input/done(_:)`` or
    /// ``Input/publishFailed(_:refused:stillConnected:)``.
    case publishStatus(Payload.Status)
    /// Try the broker (rule 4); then ``Input/connected`` or ``Input/connectFailed``.
    case connect
  }
}
