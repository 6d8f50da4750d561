import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP as a flag the lane's loops check between readings.
///
/// The first signal asks for a clean stop (lines released, the games shown); the handler
/// then resets itself, so a second signal ends the process at once.
enum StopSignal {
  private static let received = Atomic<Bool>(false)

  /// Whether a stop was asked for.
  static var isRequested: Bool { received.load(ordering: .relaxed) }

  /// Installs the handler for SIGINT, SIGTERM and SIGHUP.
  ///
  /// It also unblocks them: a process inherits its parent's signal mask, and a parent that
  /// blocks them (some supervisors and test runners do) would leave the lane deaf to a stop.
  static func install() {
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&handled, signal) }
    sigprocmask(SIG_UNBLOCK, &handled, nil)
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { _ in
        StopSignal.received.store(true, ordering: .relaxed)
      }
      sigemptyset(&action.sa_mask)
      // Glibc imports SA_RESETHAND as UInt32 0x8000_0000, which Int32(_:) traps on.
      action.sa_flags = Int32(bitPattern: SA_RESETHAND)
      sigaction(signal, &action, nil)
    }
  }
}
