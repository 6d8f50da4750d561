import Foundation
import POSIX
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A process a test starts and stops by its pid: `lane`, mosquitto, chromium, the rig's tools.
///
/// Started with `posix_spawn`, an empty signal mask and default signal handlers: a child
/// started from a Swift concurrency thread would otherwise inherit that thread's blocked
/// signals, and mosquitto would ignore SIGTERM. Not Foundation's `Process`, which watches
/// its children through a CFSocket pair that the gpio-sim rig's minimal kernel cannot make
/// ("Could not create wakeup socket pair") and then never sees them exit.
///
/// Its exit status is the one the child exited with (0...255), or minus the signal that
/// ended it (`-SIGKILL`), so a status a program chose after catching a signal (`lane`
/// exits 0 on SIGTERM, a shell 128 + N) is never taken for a death by that signal.
public final class ChildProcess: @unchecked Sendable {
  /// Where one of the child's descriptors goes.
  public enum Stream: Sendable {
    /// `/dev/null`.
    case null
    /// A file, created or truncated.
    case file(String)
    /// A file, created or appended to.
    case appending(String)
    /// A pipe whose other end the test holds (``pipe(_:)``).
    case pipe(Direction)
    /// A descriptor of this process, duplicated into the child.
    case descriptor(Int32)
  }

  /// Which way a ``Stream/pipe(_:)`` carries bytes.
  public enum Direction: Sendable {
    /// The test writes, the child reads.
    case intoChild
    /// The child writes, the test reads.
    case outOfChild
  }

  /// Why a child could not be started.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
      self.description = description
    }
  }

  public let pid: pid_t
  /// The command line, for messages.
  public let command: String
  /// The test's ends of the child's pipes, by the child's descriptor number.
  private let pipes: [Int32: PipeEnd]
  /// Whether the child leads a process group of its own, which its signals then reach.
  private let leadsGroup: Bool
  /// Its exit status once reaped.
  private let status = Mutex<Int32?>(nil)

  /// Starts `executable` with `arguments`.
  ///
  /// - Parameters:
  ///   - input: Standard input; `/dev/null` unless given.
  ///   - output: Standard output; `/dev/null` unless given.
  ///   - error: Standard error; `/dev/null` unless given.
  ///   - descriptors: Further descriptors of the child, by number (3, 4, ...).
  ///   - environment: The child's whole environment; this process's unless given.
  ///   - directory: The child's working directory; this process's unless given.
  ///   - ownGroup: Whether it leads a process group of its own, so that ``signal(_:)`` and
  ///     ``stop(signal:within:)`` reach the helpers it starts too (chromium's).
  /// - Throws: ``Failure`` when a pipe cannot be made or the executable cannot be started.
  public init(
    _ executable: String, _ arguments: [String], input: Stream = .null, output: Stream = .null,
    error: Stream = .null, descriptors: [Int32: Stream] = [:],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    directory: String? = nil, ownGroup: Bool = false
  ) throws {
    command = ([executable] + arguments).joined(separator: " ")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipes: [Int32: PipeEnd] = [:]
    // The child's ends of its pipes: duplicated into it, closed here once it runs.
    var childEnds: [Int32] = []
    defer { childEnds.forEach { _ = close($0) } }
    let streams = [(Int32(0), input), (1, output), (2, error)] + descriptors.sorted { $0.key < $1.key }
    for (target, stream) in streams {
      switch stream {
      case .null:
        posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
      case .file(let path):
        posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      case .appending(let path):
        posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
      case .descriptor(let descriptor):
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
      case .pipe(let direction):
        // Both ends close on exec, so no other child holds them open; dup2 clears the flag
        // on the child's copy.
        var ends: [Int32] = [0, 0]
        guard GNU.pipe2(&ends, O_CLOEXEC) == 0 else {
          throw Failure(description: "cannot make a pipe for \(command): \(String(cString: strerror(errno)))")
        }
        let (childEnd, testEnd) = direction == .intoChild ? (ends[0], ends[1]) : (ends[1], ends[0])
        childEnds.append(childEnd)
        pipes[target] = PipeEnd(testEnd)
        posix_spawn_file_actions_adddup2(&actions, childEnd, target)
      }
    }
    if let directory { _ = GNU.addChangeDirectory(&actions, directory) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if ownGroup {
      flags |= POSIX_SPAWN_SETPGROUP
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw Failure(description: "cannot start \(command): \(String(cString: strerror(result)))")
    }
    self.pid = pid
    self.pipes = pipes
    leadsGroup = ownGroup
  }

  /// Starts `executable` with `arguments`, stdin from /dev/null, stdout and stderr appended
  /// to `outputFile`.
  public convenience init(_ executable: String, _ arguments: [String], outputFile: String) throws {
    try self.init(executable, arguments, output: .appending(outputFile), error: .appending(outputFile))
  }

  deinit {
    stop(signal: SIGKILL)
  }

  /// The test's end of the pipe on the child's descriptor `descriptor`, if it has one.
  public func pipe(_ descriptor: Int32) -> PipeEnd? { pipes[descriptor] }
  /// The end the test writes the child's standard input into, if it is a pipe.
  public var standardInput: PipeEnd? { pipes[0] }
  /// The end the test reads the child's standard output from, if it is a pipe.
  public var standardOutput: PipeEnd? { pipes[1] }
  /// The end the test reads the child's standard error from, if it is a pipe.
  public var standardError: PipeEnd? { pipes[2] }

  // MARK: - Waiting

  /// Whether it still runs (reaping it if it has exited).
  public var isRunning: Bool { reap(blocking: false) == nil }

  /// Waits for it to exit by itself; its exit status, or minus the signal that ended it.
  @discardableResult
  public func waitForExit() -> Int32 {
    // Waits without reaping (WNOWAIT), so no lock is held while blocked; reap() then reaps.
    var information = siginfo_t()
    _ = retryingInterrupts { waitid(P_PID, id_t(pid), &information, WEXITED | WNOWAIT) }
    return reap(blocking: true) ?? 0
  }

  /// Waits, at most `limit`, for it to exit by itself, holding this thread; its exit status
  /// (minus the signal that ended it), or `nil` while it still runs.
  ///
  /// Blocks in `poll` on a pidfd, which becomes readable when the child exits, so a test
  /// waiting for a long child (the rig's trace driver, on one emulated CPU) takes no CPU
  /// from it; every 50 ms where the kernel has no pidfd_open.
  public func waitForExit(within limit: Duration) -> Int32? {
    let deadline = ContinuousClock.now + limit
    if isRunning {
      let processDescriptor = GNU.pidfdOpen(pid, 0)
      if processDescriptor >= 0 {
        defer { close(processDescriptor) }
        _ = Self.waitUntilReadable(processDescriptor, until: deadline)
      } else {
        while isRunning && ContinuousClock.now < deadline { usleep(50_000) }
      }
    }
    return isRunning ? nil : waitForExit()
  }

  /// Waits, at most `limit`, for it to exit by itself without holding a thread; its exit
  /// status (minus the signal that ended it), or `nil` while it still runs.
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

  // MARK: - Signals

  /// Whether it catches `signal` now: a handler of its own is in place (the `SigCgt` mask
  /// of /proc/PID/status), so the signal no longer has its default action.
  public func catches(_ signal: Int32) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
      let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    else { return false }
    return mask & (1 << UInt64(signal - 1)) != 0
  }

  /// Sends `signal` while it runs: to its process group when it leads one.
  public func signal(_ signal: Int32) {
    guard isRunning else { return }
    kill(leadsGroup ? -pid : pid, signal)
  }

  /// Sends `signal`, waits up to `limit` for it to exit, then SIGKILL; its exit status
  /// (minus the signal that ended it).
  ///
  /// When it leads a process group, the helpers left in the group are then killed too and
  /// waited for (up to 10 s; init reaps them), so none still writes where the test is about
  /// to clean up.
  @discardableResult
  public func stop(signal: Int32 = SIGTERM, within limit: Duration = .seconds(5)) -> Int32 {
    self.signal(signal)
    var status = waitForExit(within: limit)
    if status == nil {
      self.signal(SIGKILL)
      status = waitForExit()
    }
    if leadsGroup {
      kill(-pid, SIGKILL)
      let deadline = ContinuousClock.now + .seconds(10)
      while kill(-pid, 0) == 0 && ContinuousClock.now < deadline { usleep(50_000) }
    }
    return status ?? 0
  }

  /// ``stop(signal:within:)`` for async tests: waits without holding a thread of the
  /// cooperative pool (``exited(within:)``).
  @discardableResult
  public func stopped(signal: Int32 = SIGTERM, within limit: Duration = .seconds(5)) async -> Int32 {
    self.signal(signal)
    guard let status = await exited(within: limit) else { return stop(signal: SIGKILL) }
    if leadsGroup { _ = stop(signal: SIGKILL) }
    return status
  }

  // MARK: - Reaping

  /// Its status once exited, reaping it (waiting for the exit when `blocking`).
  private func reap(blocking: Bool) -> Int32? {
    status.withLock { status in
      if let status { return status }
      var raw: Int32 = 0
      let reaped = retryingInterrupts { waitpid(pid, &raw, blocking ? 0 : WNOHANG) }
      guard reaped == pid else { return nil }
      status = Self.decode(raw)
      return status
    }
  }

  /// Waits until `descriptor` is readable (or at its end), at most until `deadline`:
  /// whether it is.
  static func waitUntilReadable(_ descriptor: Int32, until deadline: ContinuousClock.Instant) -> Bool {
    // Called again when interrupted, it waits for what is left.
    let ready = retryingInterrupts {
      let left = ContinuousClock.now.duration(to: deadline)
      let milliseconds = left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      return Glibc.poll(&poller, 1, Int32(clamping: max(0, milliseconds)))
    }
    return ready > 0
  }

  /// The exit status in a `waitpid` status, or minus the signal that ended the child.
  private static func decode(_ raw: Int32) -> Int32 {
    raw & 0x7f == 0 ? (raw >> 8) & 0xff : -(raw & 0x7f)
  }
}

/// The glibc functions the toolkit needs that Swift's Glibc module does not import (they
/// are declared for `_GNU_SOURCE` only), looked up by name.
private enum GNU {
  /// `pipe2(2)`: a pipe made with `O_CLOEXEC` at once, so a child another test starts
  /// meanwhile cannot inherit it and hold it open.
  static let pipe2 = unsafeBitCast(
    dlsym(nil, "pipe2"), to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
  /// `pidfd_open(2)`: a descriptor that becomes readable when the process exits.
  static let pidfdOpen: @convention(c) (pid_t, UInt32) -> Int32 = {
    guard let function = dlsym(nil, "pidfd_open") else { return { _, _ in -1 } }
    return unsafeBitCast(function, to: (@convention(c) (pid_t, UInt32) -> Int32).self)
  }()
  /// `posix_spawn_file_actions_addchdir_np(3)`: the child starts in that folder.
  static let addChangeDirectory = unsafeBitCast(
    dlsym(nil, "posix_spawn_file_actions_addchdir_np"),
    to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
}

/// Calls `call` again while it fails with `EINTR` (POSIX's `retryOnInterrupt`), and gives
/// -1 for any other failure, with `errno` set: every system call of the test toolkit that a
/// signal can interrupt goes through here.
func retryingInterrupts<Result: FixedWidthInteger>(_ call: () -> Result) -> Result {
  (try? retryOnInterrupt(call)) ?? -1
}
