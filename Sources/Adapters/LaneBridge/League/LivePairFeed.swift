import Foundation
import LaneSensing
import League
import POSIX
import Synchronization

/// A live pair's two sensors, each read by its own throw detector on a thread of its own,
/// what they report handed to the pair's loop (``PairRunner``) in the order it came.
///
/// Rules, each with its reason:
/// 1. A thread per lane: each lane's sensor blocks in the kernel until its next edge or its
///    detector's next deadline, and one lane's wait must never hold back the other's.
/// 2. The loop waits on one wake event (``wake``), which a lane's thread signals with each
///    output, the inbox with each item and the stop signal's handler: no periodic wake-up.
/// 3. A lane's sensor watches a wake event of its own, which ``close()`` signals: a sensor's
///    wait drains the event it watches, so two lanes cannot share one. A lane's thread posts
///    its end as its last act, after it closed its sensor; ``close()`` waits on the loop's
///    wake event until both ends came, so no sensor is read after it returns.
/// 4. A sensor that fails ends its lane's thread; the failure is thrown by the loop's next
///    step (``PairSensorFailure``, naming the lane), after every output that came before it.
public final class LivePairFeed: PairSource {
  /// One lane: its sensor, the wake event its waits watch, and its detector's settings.
  public struct Lane<Sensor: PinSensor> {
    public var sensor: Sensor
    public var wake: WakeEvent?
    public var detector: ThrowDetector.Configuration

    public init(sensor: Sensor, wake: WakeEvent?, detector: ThrowDetector.Configuration) {
      self.sensor = sensor
      self.wake = wake
      self.detector = detector
    }
  }

  /// What a lane's thread posts.
  private enum Posted: Sendable {
    case output(PairOutput)
    /// The lane's sensor ended or was stopped; a delivery still open started at `since`.
    case ended(PairSide, openDeliverySince: SensorInstant?)
    case failed(PairSensorFailure)
  }

  /// Ends the loop's wait: signalled by each lane's output; give it to the inbox and the
  /// stop signal too (rule 2).
  public var wake: WakeEvent { mailbox.wake }
  private let mailbox: Mailbox
  private let laneWakes: [WakeEvent]
  private var ended: [PairSide: SensorInstant?] = [:]
  private var closed = false

  /// Starts a thread per lane (rule 1).
  ///
  /// - Parameter wake: The loop's wake event (rule 2), made here unless given.
  /// - Throws: ``WakeEvent/CreationError`` when the loop's wake event cannot be made.
  public init<Left: PinSensor, Right: PinSensor>(
    left: Lane<Left>, right: Lane<Right>, wake: WakeEvent? = nil
  ) throws(WakeEvent.CreationError) {
    let loopWake: WakeEvent
    if let wake { loopWake = wake } else { loopWake = try WakeEvent() }
    mailbox = Mailbox(wake: loopWake)
    laneWakes = [left.wake, right.wake].compactMap { $0 }
    Reader(left).start(on: .left, posting: mailbox)
    Reader(right).start(on: .right, posting: mailbox)
  }

  public var openDeliverySince: SensorInstant? {
    ended.values.compactMap { $0 }.min()
  }

  public func step(_ body: (PairOutput) throws -> Void) throws -> Bool {
    var taken = mailbox.take()
    if taken.isEmpty, ended.count < 2 {
      try wake.wait()
      wake.reset()
      taken = mailbox.take()
    }
    var failure: PairSensorFailure?
    for item in taken {
      switch item {
      case .output(let output): try body(output)
      case .ended(let lane, let since): ended[lane] = since
      case .failed(let failed): failure = failure ?? failed
      }
    }
    // Every output before a failure is scored first (rule 4).
    if let failure { throw failure }
    return ended.count < 2 || !taken.isEmpty
  }

  /// Stops both lanes' threads and waits for their ends (rule 3); the sensors are closed by
  /// then.
  public func close() {
    guard !closed else { return }
    closed = true
    mailbox.stopping.store(true, ordering: .relaxed)
    for laneWake in laneWakes { laneWake.signal() }
    while true {
      for item in mailbox.take() {
        if case .ended(let lane, let since) = item { ended[lane] = since }
      }
      // poll fails only when the kernel is out of memory: the threads end on their own then.
      guard ended.count < 2, (try? wake.wait()) != nil else { return }
      wake.reset()
    }
  }

  deinit { close() }

  /// What the lanes' threads and the loop share.
  private final class Mailbox: Sendable {
    let wake: WakeEvent
    let posted = Mutex<[Posted]>([])
    let stopping = Atomic<Bool>(false)

    init(wake: WakeEvent) { self.wake = wake }

    func take() -> [Posted] {
      posted.withLock { posted in
        defer { posted = [] }
        return posted
      }
    }

    func post(_ item: Posted) {
      posted.withLock { $0.append(item) }
      wake.signal()
    }
  }

  /// A lane handed to its thread: its sensor is read there alone, never again by the thread
  /// that made it. Generic only in its initialiser, so that the thread captures no generic
  /// type.
  private final class Reader: @unchecked Sendable {
    private let read: (PairSide, Mailbox) -> Void

    init<Sensor: PinSensor>(_ lane: Lane<Sensor>) {
      var lane = lane
      read = { side, mailbox in
        var detector = ThrowDetector(configuration: lane.detector)
        do {
          try detector.run(
            &lane.sensor, idleTimeout: LaneRunner.forever,
            until: { mailbox.stopping.load(ordering: .relaxed) }
          ) {
            mailbox.post(.output(PairOutput(lane: side, output: $0)))
          }
          lane.sensor.close()
          mailbox.post(.ended(side, openDeliverySince: detector.isInDelivery ? detector.now : nil))
        } catch {
          lane.sensor.close()
          mailbox.post(.failed(PairSensorFailure(lane: side, error: error)))
          mailbox.post(.ended(side, openDeliverySince: nil))
        }
      }
    }

    func start(on side: PairSide, posting mailbox: Mailbox) {
      let thread = Thread { self.read(side, mailbox) }
      thread.name = "lane \(side)"
      thread.start()
    }
  }
}
