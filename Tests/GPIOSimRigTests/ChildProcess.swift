import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started with `posix_spawn` and reaped with `waitpid`.
///
/// Not Foundation's `Process`: it watches children through a CFSocket pair that the rig's
/// minimal kernel cannot make ("Could not create wakeup socket pair"), and then never sees
/// them exit.
final class ChildProcess {
  /// Where one of the child's standard streams goes.
  enum Stream {
    case null
    /// A file, created or truncated.
    case file(String)
    /// A descriptor of this process, duplicated into the child.
    case descriptor(Int32)
  }

  let pid: pid_t
  let command: String
  private var status: Int32?

  /// Starts `executable` with `arguments`, the environment plus `NO_COLOR=1`.
  init(
    _ executable: String, _ arguments: [String], input: Stream = .null, output: Stream = .null,
    error: Stream = .null, closing: [Int32] = []
  ) throws {
    command = ([executable] + arguments).joined(separator: " ")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, stream) in [(Int32(0), input), (1, output), (2, error)] {
      switch stream {
      case .null:
        posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
      case .file(let path):
        posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      case .descriptor(let descriptor):
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
      }
    }
    for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard result == 0 else {
      throw Command.Failure(description: "cannot start \(command): \(String(cString: strerror(result)))")
    }
    self.pid = pid
  }

  deinit {
    if isRunning {
      kill(pid, SIGKILL)
      _ = wait()
    }
  }

  /// Whether the child has not exited yet (reaps it when it has).
  var isRunning: Bool {
    if status != nil { return false }
    var raw: Int32 = 0
    let reaped = waitpid(pid, &raw, WNOHANG)
    if reaped == pid { status = Self.decode(raw) }
    return status == nil
  }

  /// Waits for the child's exit: its exit status, or minus the signal that ended it.
  @discardableResult
  func wait() -> Int32 {
    if let status { return status }
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
    let decoded = Self.decode(raw)
    status = decoded
    return decoded
  }

  /// Waits up to `seconds` for the exit; nil if the child still runs.
  func wait(seconds: Double) -> Int32? {
    Rig.wait(seconds: seconds) { !isRunning } ? wait() : nil
  }

  func signal(_ number: Int32) {
    if isRunning { kill(pid, number) }
  }

  private static func decode(_ raw: Int32) -> Int32 {
    raw & 0x7f == 0 ? (raw >> 8) & 0xff : -(raw & 0x7f)
  }
}
