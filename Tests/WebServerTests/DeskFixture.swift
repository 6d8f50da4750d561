import DeskAccess
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `lane desk --http --users` as a centre runs it: a real mosquitto on loopback, a users
/// file as `lane desk users add` writes it (ana a clerk, mia a manager, at bcrypt's lowest
/// cost), the desk serving its page, and lanes started on demand with `lane simulate
/// --broker`, each kept open.
final class DeskFixture {
  let broker: LoopbackBroker
  let users: String
  private(set) var desk: LaneServing
  /// `lane desk`'s arguments, to start it again.
  private let arguments: [String]
  private var lanes: [String: ChildProcess] = [:]

  static let passwords = ["ana": "ana's password", "mia": "mia's password"]

  var folder: String { broker.folder.path }
  var port: Int { desk.port }

  /// - Parameters:
  ///   - store: Whether the desk keeps a store (`centre.sqlite` in the broker's folder),
  ///     which serves `/records`.
  ///   - extra: Further options of `lane desk`, e.g. `--tls-cert`, `--tls-key`, made from
  ///     the broker's folder (where their files go).
  init(store: Bool = false, extra: (String) throws -> [String] = { _ in [] }) throws {
    broker = try LoopbackBroker()
    users = broker.folder.appendingPathComponent("users").path
    try Self.writeUsers([("ana", .clerk), ("mia", .manager)], to: users)
    arguments =
      ["desk", "--broker", broker.url, "--http", "127.0.0.1:0", "--users", users]
      + (store ? ["--store", broker.folder.appendingPathComponent("centre.sqlite").path] : [])
      + (try extra(broker.folder.path))
    desk = try LaneServing(arguments, serving: "the desk")
  }

  /// Stops the desk by its pid and starts it again with the same options (on another port):
  /// its sessions are gone, its store is not. Its exit status.
  @discardableResult
  func restartDesk() throws -> Int32 {
    let status = desk.stop()
    desk = try LaneServing(arguments, serving: "the desk")
    return status
  }

  deinit { stop() }

  /// Stops the lanes, the desk and the broker, each by its pid.
  func stop() {
    for lane in lanes.values { lane.stop(signal: SIGTERM, within: .seconds(30)) }
    lanes = [:]
    desk.stop()
    broker.stop()
  }

  /// A broker, and a users file in its folder with ana a clerk: what a test of a desk that
  /// must refuse to start is given.
  static func brokerWithClerk() throws -> (broker: LoopbackBroker, users: String) {
    let broker = try LoopbackBroker()
    let users = broker.folder.appendingPathComponent("users").path
    do {
      try writeUsers([("ana", .clerk)], to: users)
    } catch {
      broker.stop()
      throw error
    }
    return (broker, users)
  }

  /// `lane desk --http 127.0.0.1:0 --users USERS` with `extra` options on `broker`, run to
  /// its end (at most 30 s): its exit status and stderr.
  static func desk(broker: LoopbackBroker, users: String, _ extra: [String] = []) throws -> (status: Int32?, errors: String) {
    let run = try ChildProcess(
      try LaneServing.executable(),
      ["desk", "--broker", broker.url, "--http", "127.0.0.1:0", "--users", users] + extra, error: .pipe(.outOfChild))
    let errors = String(decoding: try run.standardError!.readToEnd(), as: UTF8.self)
    return (run.waitForExit(within: .seconds(30)), errors)
  }

  /// A new users file `file`, mode 600, with `users` and their ``passwords``: the file
  /// `lane desk users add` writes, but hashed at bcrypt's lowest cost (4) through
  /// DeskAccess, so a sign-in takes milliseconds; the command itself has no such option.
  static func writeUsers(_ users: [(name: String, role: DeskRole)], to file: String) throws {
    var text = UsersFile()
    for (name, role) in users {
      text.set(DeskUser(name: name, role: role, passwordHash: DeskPassword.hash(passwords[name]!, cost: 4)))
    }
    guard
      FileManager.default.createFile(
        atPath: file, contents: Data(text.text.utf8), attributes: [.posixPermissions: 0o600])
    else { throw LaneServing.Failure(description: "cannot write the users file \(file)") }
  }

  /// `lane desk users add NAME --role ROLE --users FILE`, the password on its standard input.
  static func addUser(
    _ name: String, role: String, password: String, to file: String
  ) throws -> (status: Int32, errors: String) {
    let process = try ChildProcess(
      try LaneServing.executable(), ["desk", "users", "add", name, "--role", role, "--users", file],
      input: .pipe(.intoChild), error: .pipe(.outOfChild))
    try process.standardInput!.write(password + "\n")
    process.standardInput!.close()
    let errors = String(decoding: try process.standardError!.readToEnd(), as: UTF8.self)
    return (process.waitForExit(), errors)
  }

  /// Starts lane `id` replaying `trace` over the broker at 20 times its pace, held open at
  /// its end, its journal `ID.journal` in the broker's folder; waits until the lane has
  /// journalled a throw and the desk has the lane.
  @discardableResult
  func startLane(_ id: String, trace: String = "respot-only-game") throws -> ChildProcess {
    let lane = try ChildProcess(
      try LaneServing.executable(),
      ["simulate", "--broker", broker.url, "--lane", id, "--journal", journal(of: id), "--speed", "20",
       try BundledTrace(name: trace).keptOpen(in: folder)],
      error: .file(folder + "/\(id).err"))
    lanes[id] = lane
    try waitUntilTheDeskHas([id], naming: "lane \(id)") {
      (try? String(contentsOfFile: journal(of: id), encoding: .utf8))?.contains("\"event\":\"throw\"") ?? false
    }
    return lane
  }

  /// Waits (at most 60 s) until `ready` holds and the desk lists every lane of `ids`.
  ///
  /// - Throws: ``LaneServing/Failure`` naming `what`, with the desk's stderr, after the wait.
  private func waitUntilTheDeskHas(_ ids: [String], naming what: String, once ready: () -> Bool = { true }) throws {
    let (cookie, _) = try signIn("ana")
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if ready() {
        let known = try get("/api/lanes", cookie: cookie).body
        if ids.allSatisfy({ known.contains("\"lane\":\"\($0)\"") }) { return }
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
    throw LaneServing.Failure(description: "the desk never saw \(what); its stderr:\n\(desk.standardError)")
  }

  /// Starts the pair `left`+`right` in open play over the broker, as `lane simulate --config`
  /// on a pair's file (each lane its journal `ID/lane.journal` and its broker user), each lane
  /// replaying its trace of `traces` at `speed` times its pace; waits until the desk has both.
  @discardableResult
  func startPair(
    _ left: String, _ right: String, traces: (left: String, right: String), speed: Int
  ) throws -> ChildProcess {
    var config = ""
    for (id, trace) in [(left, traces.left), (right, traces.right)] {
      try FileManager.default.createDirectory(atPath: folder + "/\(id)", withIntermediateDirectories: true)
      try trace.write(toFile: folder + "/\(id).trace", atomically: false, encoding: .utf8)
      // The loopback broker takes anyone: the user and password only have to be there.
      let credentials = folder + "/\(id).credentials"
      guard
        FileManager.default.createFile(
          atPath: credentials, contents: Data("user=\(id)\npassword=\(id)\n".utf8), attributes: [.posixPermissions: 0o600])
      else { throw LaneServing.Failure(description: "cannot write \(credentials)") }
      config += """
        [[lanes]]
        lane = "\(id)"
        wiring = "\(id).toml"
        journal = "\(id)/lane.journal"
        credentials = "\(id).credentials"


        """
    }
    config += "[centre]\nbroker = \"\(broker.url)\"\n"
    try config.write(toFile: folder + "/pair.toml", atomically: false, encoding: .utf8)
    let pair = try ChildProcess(
      try LaneServing.executable(),
      ["simulate", "--config", "pair.toml", "--speed", "\(speed)", "\(left).trace", "\(right).trace"],
      error: .file(folder + "/pair.err"), directory: folder)
    lanes[left + "+" + right] = pair
    try waitUntilTheDeskHas([left, right], naming: "the pair \(left)+\(right)")
    return pair
  }

  /// Stops lane `id` by its pid.
  func stopLane(_ id: String) throws {
    guard let lane = lanes.removeValue(forKey: id) else { return }
    lane.stop(signal: SIGTERM, within: .seconds(30))
  }

  func journal(of lane: String) -> String { folder + "/\(lane).journal" }

  /// Signs `user` in with the password given (their own by default): the session cookie
  /// (`name=value`) and the CSRF token of `/api/session`.
  func signIn(_ user: String, password: String? = nil) throws -> (cookie: String, csrf: String) {
    let reply = try signInReply(user, password: password ?? Self.passwords[user] ?? "")
    guard reply.status == 303, let set = reply.values(of: "set-cookie").first,
      let cookie = set.split(separator: ";").first.map(String.init)
    else { throw LaneServing.Failure(description: "\(user) could not sign in: \(reply)") }
    let session = try get("/api/session", cookie: cookie)
    guard let object = try JSONSerialization.jsonObject(with: Data(session.body.utf8)) as? [String: Any],
      let csrf = object["csrf"] as? String
    else { throw LaneServing.Failure(description: "no csrf in \(session)") }
    return (cookie, csrf)
  }

  /// `POST /login` with the form fields `user` and `password`.
  /// `POST /login` with `headers` besides the form's (a page's `Origin`).
  func signInReply(_ user: String, password: String, headers: [String] = []) throws -> LoopbackClient.Reply {
    try Self.signInReply(port: port, user, password: password, headers: headers)
  }

  /// `POST /login` to the desk on `port`, from any thread, answered within `seconds`.
  static func signInReply(
    port: Int, _ user: String, password: String, headers: [String] = [], within seconds: Double = 30
  ) throws -> LoopbackClient.Reply {
    let body = "user=\(formEncoded(user))&password=\(formEncoded(password))"
    return try LoopbackClient.exchange(
      port: port, "POST", "/login", headers: ["Content-Type: application/x-www-form-urlencoded"] + headers, body: body,
      within: seconds)
  }

  /// The desk's own site, as a browser on its page names it in `Origin`.
  var origin: String { "http://127.0.0.1:\(port)" }

  func get(_ path: String, cookie: String? = nil) throws -> LoopbackClient.Reply {
    try LoopbackClient.exchange(port: port, "GET", path, headers: cookie.map { ["Cookie: \($0)"] } ?? [])
  }

  /// A POST with the session cookie and CSRF token when given, a JSON body.
  func post(
    _ path: String, cookie: String? = nil, csrf: String? = nil, json: String = "{}", headers extra: [String] = []
  ) throws -> LoopbackClient.Reply {
    var headers = ["Content-Type: application/json"] + extra
    if let cookie { headers.append("Cookie: \(cookie)") }
    if let csrf { headers.append("X-CSRF-Token: \(csrf)") }
    return try LoopbackClient.exchange(port: port, "POST", path, headers: headers, body: json, within: 60)
  }

  static func formEncoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
  }
}
