import LaneBridge
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals
import WebServer

#if canImport(Glibc)
  import Glibc
#endif

/// How every long-running `lane` command runs its services: one `ServiceGroup`, stopped
/// gracefully by SIGINT, SIGTERM or SIGHUP (each service in the reverse order of the list:
/// the lane's loop first, the centre link last, so it can wait for the desk), and at once by
/// a second such signal.
public enum Lifecycle {
  /// The signals that stop a command, as they always have.
  public static let stopSignals: [UnixSignal] = [.sigint, .sigterm, .sighup]

  /// Runs `services` until they end, a stop signal, or one fails.
  ///
  /// - Parameter services: In the order they start; they stop in the reverse one.
  /// - Throws: The first error a service threw.
  public static func run(
    _ services: [ServiceGroupConfiguration.ServiceConfiguration], logger: Logger
  ) async throws {
    // First, so it stops last: it listens while the others stop.
    let watcher = ServiceGroupConfiguration.ServiceConfiguration(service: SecondSignal())
    let configuration = ServiceGroupConfiguration(
      services: [watcher] + services, gracefulShutdownSignals: stopSignals, logger: logger)
    try await ServiceGroup(configuration: configuration).run()
  }

  /// Runs a command's `body` as the one service of its group, the stop signals taken from
  /// the start: a stop while the command still opens what it runs (a journal, a broker that
  /// takes its time to answer) stops it cleanly too, once its services run
  /// (``runNested(_:logger:)``, inside `body`).
  ///
  /// - Returns: What `body` returned.
  /// - Throws: What `body` threw.
  public static func command<Value: Sendable>(
    logger: Logger, _ body: @escaping @Sendable () async throws -> Value
  ) async throws -> Value? {
    let command = Command(body: body)
    try await run([.init(service: command, successTerminationBehavior: .gracefullyShutdownGroup)], logger: logger)
    return command.value.withLock { $0 }
  }

  private final class Command<Value: Sendable>: Service, Sendable {
    let body: @Sendable () async throws -> Value
    let value = Mutex<Value?>(nil)

    init(body: @escaping @Sendable () async throws -> Value) {
      self.body = body
    }

    func run() async throws {
      let result = try await body()
      value.withLock { $0 = result }
    }
  }

  /// Runs the services of one part of a longer run (a pair's open play, then a league
  /// night) inside a running group's service: a stop signal reaches them through it.
  ///
  /// - Throws: As ``run(_:logger:)``.
  public static func runNested(
    _ services: [ServiceGroupConfiguration.ServiceConfiguration], logger: Logger
  ) async throws {
    try await ServiceGroup(configuration: ServiceGroupConfiguration(services: services, logger: logger)).run()
  }

  /// A second stop signal while the services stop gracefully ends the process at once, as
  /// the signal's default action: the technician who presses Ctrl-C twice does not wait
  /// for the desk's acknowledgement. What was journalled stays journalled.
  struct SecondSignal: Service {
    func run() async {
      let signals = await UnixSignalsSequence(trapping: Lifecycle.stopSignals)
      var caught = 0
      for await signal in signals.cancelOnGracefulShutdown() {
        caught += 1
        guard caught > 1 else { continue }
        Lifecycle.endAtOnce(by: signal)
      }
    }
  }

  /// Ends the process as `signal`'s default action does: for a second stop signal, which
  /// does not wait for what the first one asked to finish.
  static func endAtOnce(by signal: UnixSignal) {
    Glibc.signal(signal.rawValue, SIG_DFL)
    kill(getpid(), signal.rawValue)
  }
}

extension Lifecycle {
  /// Runs one piece of blocking work (`lane record`'s reading of the lines) as the command's
  /// one service, on a thread of its own, until it ends or a stop signal asks it through
  /// `stop`.
  ///
  /// - Returns: What the work returned.
  /// - Throws: What the work threw.
  public static func runBlocking<Value: Sendable>(
    named name: String, stop: StopRequest, logger: Logger, _ work: @escaping @Sendable (StopRequest) throws -> Value
  ) async throws -> Value? {
    let job = Job(name: name, stop: stop, work: work)
    try await run([.init(service: job, successTerminationBehavior: .gracefullyShutdownGroup)], logger: logger)
    return job.value.withLock { $0 }
  }

  private final class Job<Value: Sendable>: Service, Sendable {
    let name: String
    let stop: StopRequest
    let work: @Sendable (StopRequest) throws -> Value
    let value = Mutex<Value?>(nil)

    init(name: String, stop: StopRequest, work: @escaping @Sendable (StopRequest) throws -> Value) {
      self.name = name
      self.stop = stop
      self.work = work
    }

    func run() async throws {
      let (stop, work) = (stop, work)
      let result = try await withGracefulShutdownHandler {
        try await BlockingThread.run(named: name, interrupt: stop.request) { try work(stop) }
      } onGracefulShutdown: {
        stop.request()
      }
      value.withLock { $0 = result }
    }
  }
}
