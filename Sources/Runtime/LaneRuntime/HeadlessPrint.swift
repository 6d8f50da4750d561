import Foundation
import LaneBridge
import POSIX
import SafeFiles
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A page printed to PDF by headless Chromium (`--print-to-pdf`), for `lane records sheet
/// --pdf`: the desk PC prints the auditable scoresheet without a person at a browser.
///
/// Chromium runs in a private folder of its own under `TMPDIR` (its profile, the page, the
/// PDF and its log), in a process group it leads, for at most ``limit``; then the group is
/// ended, the PDF put at its path (never over an existing file: `SafeFiles`' `NewFile`),
/// and the folder removed.
public enum HeadlessPrint {
  /// How long Chromium may take to print: tens of seconds on a loaded desk PC.
  public static let limit: Duration = .seconds(120)

  /// Debian's Chromium, when installed.
  public static var chromium: String? {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { access($0, X_OK) == 0 }
  }

  /// Prints `html` to a new PDF file at `destination`.
  ///
  /// - Throws: ``Failure``: Chromium is not installed, did not print within ``limit`` or
  ///   failed (with the end of its log); the PDF cannot be put at `destination` (something
  ///   is there); the scratch folder cannot be made or written.
  public static func pdf(_ html: String, to destination: String, chromium: String? = chromium) throws(Failure) {
    guard let chromium else { throw .noChromium }
    var status = stat()
    if lstat(destination, &status) == 0 {
      throw .destinationTaken(path: destination)
    }
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = folder + "/sheet.html"
    let printed = folder + "/sheet.pdf"
    do {
      try Data(html.utf8).write(to: URL(fileURLWithPath: page))
    } catch {
      throw .cannotWritePage(folder: folder, error: error)
    }
    var arguments = [
      chromium, "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
      "--disable-extensions", "--disable-background-networking", "--user-data-dir=\(folder)/profile",
      "--no-pdf-header-footer", "--print-to-pdf=\(printed)",
    ]
    // Chromium's sandbox refuses to run as root; as anyone else it stays on.
    if geteuid() == 0 { arguments.append("--no-sandbox") }
    arguments.append(URL(fileURLWithPath: page).absoluteString)
    let exit = try run(arguments, log: folder + "/chromium.log", environment: ["TMPDIR=\(folder)", "HOME=\(folder)"])
    let log = (try? String(contentsOfFile: folder + "/chromium.log", encoding: .utf8)) ?? ""
    guard exit == 0, let bytes = FileManager.default.contents(atPath: printed), bytes.starts(with: Array("%PDF".utf8)) else {
      let reason = exit.map { "it exited \($0)" } ?? "it did not print within \(limit)"
      throw .didNotPrint(reason: reason, log: log.suffix(600).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    do {
      try NewFile.write(bytes, toNew: destination)
    } catch {
      throw .cannotWritePDF(error)
    }
  }

  /// The watchdog that kills a print past ``limit``: it fires once, and never after the
  /// print ended.
  private enum Watchdog { case armed, fired, disarmed }

  /// A fresh folder of this user's only, under `TMPDIR` (or `/tmp`).
  private static func scratchFolder() throws(Failure) -> String {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/lane-print-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } }
    guard let made else { throw .noScratchFolder(base: base, errno: errno) }
    return made
  }

  /// Runs `arguments` (the program first) in a process group of its own, standard output
  /// and error into `log`, the environment with `environment` added; its exit status, or
  /// `nil` when it ran past ``limit`` and was killed. Every process left in its group is
  /// killed once it ends.
  private static func run(_ arguments: [String], log: String, environment: [String]) throws(Failure) -> Int32? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let inherited = ProcessInfo.processInfo.environment
      .filter { key, _ in key != "TMPDIR" && key != "HOME" }.map { "\($0.key)=\($0.value)" }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = (inherited + environment).map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw .cannotStart(program: arguments[0], errno: spawned)
    }
    // Waited for without reaping (WNOWAIT), so the pid stays Chromium's while the watchdog
    // may still kill its group; reaped once the watchdog can no longer fire.
    let watchdog = Mutex(Watchdog.armed)
    let kill = DispatchWorkItem {
      watchdog.withLock { state in
        guard state == .armed else { return }
        Glibc.kill(-pid, SIGKILL)
        state = .fired
      }
    }
    let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: kill)
    var info = siginfo_t()
    _ = try? retryOnInterrupt { waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) }
    let fired = watchdog.withLock { state in
      defer { state = .disarmed }
      return state == .fired
    }
    kill.cancel()
    var status: Int32 = 0
    _ = try? retryOnInterrupt { waitpid(pid, &status, 0) }
    let exit: Int32? = fired ? nil : ((status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
    // Helpers (zygote, renderers) left in the group end with it.
    Glibc.kill(-pid, SIGKILL)
    return exit
  }
}
