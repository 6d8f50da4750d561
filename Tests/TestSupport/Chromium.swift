import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Debian's `chromium`, headless, driven through the DevTools protocol over a pipe
/// (`--remote-debugging-pipe`: JSON messages ended by a NUL on file descriptors 3 and 4).
///
/// Its profile and temporary files go in a scratch folder removed by ``stop()``; the
/// browser runs in its own process group, led by its pid, and ``stop()`` ends that group
/// (the browser and its helpers: zygote, renderers, crash handler), so no helper is left
/// writing into the scratch folder. A browser that does not come up is stopped the same way.
final class Chromium {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The browser, when installed.
  static let executable: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  let pid: pid_t
  private let commands: Int32
  private let replies: Int32
  private let scratch: URL
  private var nextID = 0
  private var pending: [UInt8] = []
  private var stopped = false

  /// How long a starting browser may take to answer its first DevTools command: generous,
  /// since a loaded 2-core machine starts chromium in tens of seconds, but bounded.
  static let startLimit: Double = 120
  /// How long a DevTools command may take by default, on a loaded machine too.
  static let commandLimit: Double = 60

  /// Starts the browser with a 1920x1080 window and waits until it answers over DevTools.
  ///
  /// - Throws: ``Failure`` when it cannot be started, exits, or does not answer within
  ///   ``startLimit``; it is then stopped and its scratch folder removed.
  init(executable: String) throws {
    // A short name: Chromium puts its singleton socket in TMPDIR (here, the scratch folder),
    // and a Unix socket's path may not exceed 107 bytes, or it aborts at start.
    scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("chr-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    var toBrowser: [Int32] = [0, 0]
    var fromBrowser: [Int32] = [0, 0]
    guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
      throw Failure(description: "pipe: errno \(errno)")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
    posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    for descriptor in [toBrowser[1], fromBrowser[0]] {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    let arguments = [
      executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
      "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
      "--remote-debugging-pipe", "--window-size=1920,1080", "--hide-scrollbars",
      "--user-data-dir=\(scratch.path)/profile", "about:blank",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = scratch.path
    environment["HOME"] = scratch.path
    // Its own process group (led by its pid), so stop() reaches every helper it starts.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(toBrowser[0])
    close(fromBrowser[1])
    commands = toBrowser[1]
    replies = fromBrowser[0]
    guard spawned == 0 else {
      close(commands)
      close(replies)
      try? FileManager.default.removeItem(at: scratch)
      throw Failure(description: "cannot start \(executable): error \(spawned)")
    }
    self.pid = pid
    do {
      try send("Browser.getVersion", within: Self.startLimit)
    } catch {
      stop()
      throw Failure(description: "chromium did not start: \(error)")
    }
  }

  deinit { stop() }

  /// Sends a DevTools command and waits for its result, skipping events.
  @discardableResult
  func send(
    _ method: String, _ params: [String: Any] = [:], session: String? = nil, within seconds: Double = commandLimit
  ) throws -> [String: Any] {
    nextID += 1
    var message: [String: Any] = ["id": nextID, "method": method, "params": params]
    if let session { message["sessionId"] = session }
    var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
    bytes.append(0)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
      guard count > 0 else { throw Failure(description: "writing to chromium: errno \(errno)") }
      written += count
    }
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let reply = try nextMessage(until: deadline)
      guard reply["id"] as? Int == nextID else { continue }
      if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
      return reply["result"] as? [String: Any] ?? [:]
    }
  }

  /// Opens a page and returns the DevTools session attached to it.
  func open(_ url: String) throws -> String {
    let target = try send("Target.createTarget", ["url": url])
    guard let id = target["targetId"] as? String else { throw Failure(description: "no target for \(url)") }
    let attached = try send("Target.attachToTarget", ["targetId": id, "flatten": true])
    guard let session = attached["sessionId"] as? String else {
      throw Failure(description: "cannot attach to \(url)")
    }
    try send("Runtime.enable", session: session)
    return session
  }

  /// The value of a JavaScript expression in a page.
  @discardableResult
  func evaluate(_ expression: String, in session: String) throws -> Any? {
    let result = try send(
      "Runtime.evaluate", ["expression": expression, "returnByValue": true], session: session)
    if let exception = result["exceptionDetails"] { throw Failure(description: "\(expression): \(exception)") }
    return (result["result"] as? [String: Any])?["value"]
  }

  /// Waits until a JavaScript expression is true in a page.
  func wait(for expression: String, in session: String, within seconds: Double = 30) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try evaluate("Boolean(\(expression))", in: session) as? Bool == true { return }
      Thread.sleep(forTimeInterval: 0.1)
    }
    let page = try evaluate("document.body ? document.body.innerText : ''", in: session) ?? ""
    throw Failure(description: "waited \(seconds)s for \(expression); the page shows:\n\(page)")
  }

  /// A PNG of what the page shows.
  func screenshot(of session: String) throws -> Data {
    let shot = try send("Page.captureScreenshot", ["format": "png"], session: session)
    guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
      throw Failure(description: "no screenshot data")
    }
    return data
  }

  /// Stops the browser's process group (led by its pid), waits for the browser and its
  /// helpers, and removes its scratch folder.
  func stop() {
    guard !stopped else { return }
    stopped = true
    close(commands)
    close(replies)
    kill(-pid, SIGTERM)
    var status: Int32 = 0
    let deadline = Date().addingTimeInterval(10)
    while waitpid(pid, &status, WNOHANG) == 0 {
      if Date() > deadline {
        kill(-pid, SIGKILL)
        waitpid(pid, &status, 0)
        break
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    // Helpers the browser did not end itself: their group is ended too, and waited for
    // (they are reaped by init, not by us), so none writes into the folder once it is gone.
    kill(-pid, SIGKILL)
    let helpersGone = Date().addingTimeInterval(10)
    while kill(-pid, 0) == 0 && Date() < helpersGone { Thread.sleep(forTimeInterval: 0.05) }
    try? FileManager.default.removeItem(at: scratch)
  }

  /// Whether the browser process has exited (it is then reaped).
  private func exited() -> Int32? {
    var status: Int32 = 0
    return waitpid(pid, &status, WNOHANG) == pid ? status : nil
  }

  private func nextMessage(until deadline: Date) throws -> [String: Any] {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      if let end = pending.firstIndex(of: 0) {
        let message = Array(pending[..<end])
        pending.removeSubrange(...end)
        guard let object = try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] else {
          continue
        }
        return object
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { throw Failure(description: "chromium did not answer in time") }
      // A browser that died is said so at once, not after the whole wait; stop() still ends
      // its helpers and removes the folder.
      if let status = exited() { throw Failure(description: "chromium exited (wait status \(status))") }
      var poller = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(min(left, 1) * 1_000)) > 0 else { continue }
      let count = read(replies, &buffer, buffer.count)
      guard count > 0 else { throw Failure(description: "chromium closed its DevTools pipe") }
      pending += buffer[0..<count]
    }
  }
}
