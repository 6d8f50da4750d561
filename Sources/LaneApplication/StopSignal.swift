import Foundation
import LaneBridge
import POSIX
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP as a flag the lane's loops check between readings, and as a
/// wake-up for the wait they block in.
///
/// The first signal asks for a clean stop (lines released, the games shown) and signals the
/// wake event, so a sensor waiting in the kernel returns at once instead of at its next
/// timeout; the handler then resets itself, so a second signal ends the process at once.
public enum StopSignal {
  private static let received = Atomic<Bool>(false)
  /// The wake event's descriptor, -1 when none is installed.
  private static let wakeDescriptor = Atomic<Int32>(-1)

  /// Whether a stop was asked for.
  public static var isRequested: Bool { received.load(ordering: .relaxed) }

  /// A new wake event for a command's sensor, or a failure with exit 71 (EX_OSERR).
  public static func wakeEvent() throws(LaneFailure) -> WakeEvent {
    do {
      return try WakeEvent()
    } catch {
      throw LaneFailure(.osError, "\(error)")
    }
  }

  /// Blocks the calling thread until a stop is asked for: nothing looks at the flag on a
  /// timer.
  ///
  /// - Parameter wake: The wake event the handler was installed with (``install(wake:)``).
  public static func wait(on wake: WakeEvent) {
    block(on: wake, unless: { false })
  }

  /// Blocks the calling thread until a stop signal, on a wake event of its own (whatever
  /// was read before, a trace, had its own): a replay that serves its boards once read.
  ///
  /// - Throws: ``LaneFailure`` (71) when no wake event can be made.
  public static func waitForStop() throws(LaneFailure) {
    let stop = try wakeEvent()
    install(wake: stop)
    wait(on: stop)
  }

  /// Returns once a stop is asked for, or when the calling task is cancelled; a thread of
  /// its own blocks on the wake event the handler signals.
  ///
  /// - Parameter wake: The wake event the handler was installed with (``install(wake:)``).
  public static func requested(on wake: WakeEvent) async {
    let cancelled = Cancelled()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread {
          block(on: wake, unless: { cancelled.flag.load(ordering: .relaxed) })
          continuation.resume()
        }
      }
    } onCancel: {
      cancelled.flag.store(true, ordering: .relaxed)
      wake.signal()
    }
  }

  /// Blocks until a stop is asked for or `unless` says to give up, each signalled on `wake`.
  /// A stop asked before the handler had `wake` set the flag, which is looked at first.
  private static func block(on wake: WakeEvent, unless givenUp: () -> Bool) {
    while !isRequested && !givenUp() {
      // poll fails only when the kernel is out of memory: give up waiting then too.
      do { try wake.wait() } catch { return }
    }
  }

  private final class Cancelled: Sendable {
    let flag = Atomic<Bool>(false)
  }

  /// Installs the handler for SIGINT, SIGTERM and SIGHUP.
  ///
  /// It also unblocks them: a process inherits its parent's signal mask, and a parent that
  /// blocks them (some supervisors and test runners do) would leave the lane deaf to a stop.
  /// - Parameter wake: Signalled by the handler; it must outlive the handler's use (the
  ///   process's life, for `lane run`).
  public static func install(wake: WakeEvent? = nil) {
    wakeDescriptor.store(wake?.signalDescriptor ?? -1, ordering: .relaxed)
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&handled, signal) }
    sigprocmask(SIG_UNBLOCK, &handled, nil)
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { _ in
        StopSignal.received.store(true, ordering: .relaxed)
        let descriptor = StopSignal.wakeDescriptor.load(ordering: .relaxed)
        if descriptor >= 0 { WakeEvent.signal(descriptor: descriptor) }
      }
      sigemptyset(&action.sa_mask)
      // Glibc imports SA_RESETHAND as UInt32 0x8000_0000, which Int32(_:) traps on.
      action.sa_flags = Int32(bitPattern: SA_RESETHAND)
      sigaction(signal, &action, nil)
    }
  }
}
