import ArgumentParser
import CentreLink
import LaneBridge
import MQTT

extension Lane {
  /// `lane desk`: the front desk's view of every lane over the centre's broker.
  struct Desk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show every lane of the centre from its MQTT broker (the front desk).",
      discussion: """
        Subscribes to every lane's events, status and board; takes each journal record once, \
        in seq order per lane, asks a lane to publish again when a seq is missing, and \
        acknowledges what it has (retained, so a restarted desk carries on where it was). \
        On a terminal one line per lane is redrawn in place; with --json one JSON object \
        per event. SIGINT, SIGTERM or SIGHUP stops it (exit 0). Exit status 64 for bad \
        options, 66 when a file cannot be read, 69 when the broker cannot be reached, 77 \
        when it refuses the credentials, 78 when TLS or the host name fails. See \
        docs/centre.md.
        """
    )

    @Option(help: "The centre's MQTT broker, mqtt://HOST:PORT or mqtts://HOST:PORT.")
    var broker: String

    @Option(
      name: .customLong("mqtt-credentials"),
      help: "A file of user=desk and password=SECRET lines, mode 600 (deploy/centre/add-lane.sh).")
    var credentials: String?

    @Option(help: "The centre's CA certificate, for an mqtts:// broker.")
    var cafile: String?

    @Flag(help: "Print one JSON object per event received, exactly once, in seq order per lane.")
    var json = false

    func run() async throws {
      var warnings = StandardError()
      let settings: BrokerSettings
      do {
        settings = try BrokerSettings(url: broker, credentialsFile: credentials, caFile: cafile)
      } catch {
        print("lane desk: \(error)", to: &warnings)
        throw ExitCode(error.isUnreadableFile ? .noInput : .usage)
      }
      let desk: DeskLink
      do {
        desk = try DeskLink(
          settings: settings, output: json ? .jsonLines : .overview,
          write: { line in
            var output = StandardOutput()
            print(line, to: &output)
          },
          report: { message in
            var warnings = StandardError()
            print("lane desk: \(message)", to: &warnings)
          })
      } catch {
        print("lane desk: \(error)", to: &warnings)
        throw ExitCode(.badConfiguration)
      }
      StopSignal.install()
      do throws(MQTTError) {
        try await desk.run(until: { StopSignal.isRequested })
      } catch {
        print("lane desk: \(error)", to: &warnings)
        if case .refused = error.problem { throw ExitCode(.noPermission) }
        throw ExitCode(error.isSettingsProblem ? .badConfiguration : .unavailable)
      }
    }
  }
}
