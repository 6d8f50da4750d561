import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A process a test starts and stops by its pid, with output to a file: mosquitto, `lane`.
///
/// Started with `posix_spawn`, an empty signal mask and default signal
/// handlers: a child started from a Swift concurrency thread would otherwise
/// inherit that thread's blocked signals, and mosquitto would ignore SIGTERM.
public final class ChildProcess: @unchecked Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  public let pid: pid_t
  private var status: Int32?

  /// Starts `executable` with `arguments`, stdin from /dev/null, stdout and
  /// stderr appended to `outputFile`.
  public init(_ executable: String, _ arguments: [String], outputFile: String) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard result == 0 else {
      throw Failure(description: "cannot start \(executable): \(String(cString: strerror(result)))")
    }
    self.pid = pid
  }

  deinit {
    stop(signal: SIGKILL)
  }

  /// Whether it still runs (reaping it if it has exited).
  public var isRunning: Bool {
    if status != nil { return false }
    var raw: Int32 = 0
    if waitpid(pid, &raw, WNOHANG) == pid {
      status = raw
      return false
    }
    return true
  }

  /// Waits, at most `limit`, for it to exit by itself without holding a thread; its exit
  /// status (128 + signal when killed), or `nil` while it still runs.
  ///
  /// For async tests: their steps share Swift's cooperative pool, one thread per core, and
  /// a blocking `waitpid` of many seconds on a 2-core machine stalls every other test's
  /// steps (their `eventually` polls, their sleeps) for as long.
  public func exited(within limit: Duration = .seconds(120)) async -> Int32? {
    let deadline = ContinuousClock.now + limit
    while isRunning {
      guard ContinuousClock.now < deadline else { return nil }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return waitForExit()
  }

  /// Waits for it to exit by itself; its exit status (128 + signal when killed).
  public func waitForExit() -> Int32 {
    if status == nil {
      var raw: Int32 = 0
      while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
      status = raw
    }
    let raw = status ?? 0
    return raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
  }

  /// Sends `signal` and waits up to `limit` for it to exit; then SIGKILL.
  public func stop(signal: Int32 = SIGTERM, within limit: Duration = .seconds(5)) {
    guard isRunning else { return }
    kill(pid, signal)
    let deadline = ContinuousClock.now + limit
    while isRunning && ContinuousClock.now < deadline { usleep(5_000) }
    guard isRunning else { return }
    kill(pid, SIGKILL)
    var raw: Int32 = 0
    _ = waitpid(pid, &raw, 0)
    status = raw
  }
}
