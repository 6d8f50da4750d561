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
public final class Chromium {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
  }

  /// The browser, when installed.
  public static let executable: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  private let process: ChildProcess
  private let scratch: URL
  private var nextID = 0
  private var pending: [UInt8] = []
  private var stopped = false

  /// How long a starting browser may take to answer its first DevTools command: generous,
  /// since a loaded 2-core machine starts chromium in tens of seconds, but bounded.
  public static let startLimit: Double = 120
  /// How long a DevTools command may take by default, on a loaded machine too.
  public static let commandLimit: Double = 60

  /// Starts the browser with a 1920x1080 window and waits until it answers over DevTools.
  ///
  /// - Throws: ``Failure`` when it cannot be started, exits, or does not answer within
  ///   ``startLimit``; it is then stopped and its scratch folder removed.
  public init(executable: String) throws {
    // A short name: Chromium puts its singleton socket in TMPDIR (here, the scratch folder),
    // and a Unix socket's path may not exceed 107 bytes, or it aborts at start.
    scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("chr-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
      "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
      "--remote-debugging-pipe", "--window-size=1920,1080", "--hide-scrollbars",
      "--user-data-dir=\(scratch.path)/profile", "about:blank",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = scratch.path
    environment["HOME"] = scratch.path
    do {
      // Its own process group (led by its pid), so stop() reaches every helper it starts.
      process = try ChildProcess(
        executable, arguments, descriptors: [3: .pipe(.intoChild), 4: .pipe(.outOfChild)],
        environment: environment, ownGroup: true)
    } catch {
      try? FileManager.default.removeItem(at: scratch)
      throw Failure(description: "\(error)")
    }
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
  public func send(
    _ method: String, _ params: [String: Any] = [:], session: String? = nil, within seconds: Double = commandLimit
  ) throws -> [String: Any] {
    nextID += 1
    var message: [String: Any] = ["id": nextID, "method": method, "params": params]
    if let session { message["sessionId"] = session }
    var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
    bytes.append(0)
    do {
      try commands.write(bytes)
    } catch {
      throw Failure(description: "writing to chromium: \(error)")
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
  public func open(_ url: String) throws -> String {
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
  public func evaluate(_ expression: String, in session: String) throws -> Any? {
    let result = try send(
      "Runtime.evaluate", ["expression": expression, "returnByValue": true], session: session)
    if let exception = result["exceptionDetails"] { throw Failure(description: "\(expression): \(exception)") }
    return (result["result"] as? [String: Any])?["value"]
  }

  /// Waits until a JavaScript expression is true in a page.
  public func wait(for expression: String, in session: String, within seconds: Double = 30) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try evaluate("Boolean(\(expression))", in: session) as? Bool == true { return }
      Thread.sleep(forTimeInterval: 0.1)
    }
    let page = try evaluate("document.body ? document.body.innerText : ''", in: session) ?? ""
    throw Failure(description: "waited \(seconds)s for \(expression); the page shows:\n\(page)")
  }

  /// A PNG of what the page shows.
  public func screenshot(of session: String) throws -> Data {
    let shot = try send("Page.captureScreenshot", ["format": "png"], session: session)
    guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
      throw Failure(description: "no screenshot data")
    }
    return data
  }

  /// Stops the browser's process group (led by its pid), waits for the browser and its
  /// helpers, and removes its scratch folder.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    commands.close()
    replies.close()
    // Helpers the browser did not end itself are ended with it, and waited for (they are
    // reaped by init, not by us), so none writes into the folder once it is gone.
    process.stop(signal: SIGTERM, within: .seconds(10))
    try? FileManager.default.removeItem(at: scratch)
  }

  /// The DevTools pipe the browser reads commands from, its descriptor 3.
  private var commands: ChildProcess.PipeEnd { process.pipe(3)! }
  /// The DevTools pipe the browser writes replies and events to, its descriptor 4.
  private var replies: ChildProcess.PipeEnd { process.pipe(4)! }

  private func nextMessage(until deadline: Date) throws -> [String: Any] {
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
      if !process.isRunning {
        throw Failure(description: "chromium exited (status \(process.waitForExit()))")
      }
      guard replies.isReadable(within: .milliseconds(Int(min(left, 1) * 1_000))) else { continue }
      let bytes = try replies.read(upTo: 1 << 20)
      guard !bytes.isEmpty else { throw Failure(description: "chromium closed its DevTools pipe") }
      pending += bytes
    }
  }
}
