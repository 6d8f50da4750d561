extension ExitStatus {
  /// What the status means in a few words, for a command's help.
  public var summary: String {
    switch self {
    case .success: "done"
    case .checkFoundDrift: "the lane drifted from its wiring file"
    case .usage: "the command line (or the config file) is wrong"
    case .dataError: "the input cannot be right, or the lane refused the request"
    case .noInput: "an input file does not exist or cannot be read"
    case .unavailable: "a chip, line, broker, lane or address is not available, or libmosquitto is not installed"
    case .software: "a bug in lane, to report"
    case .osError: "the system refused a resource lane needs"
    case .cannotCreate: "an output file or socket exists or cannot be created"
    case .ioError: "reading the lines, writing the journal or an output, or using the store failed"
    case .temporaryFailure: "stopped, the journal is in use, or no answer in time"
    case .protocolError: "the answer is not a lane's reply"
    case .noPermission: "the chip may not be opened, or the broker refuses the credentials"
    case .badConfiguration: "the wiring file is wrong, or TLS or the broker's host name fails"
    }
  }

  /// The exit statuses a command can end with, as a paragraph for its help: each number
  /// with its ``summary``, so help texts never restate a number by hand.
  public static func help(_ statuses: ExitStatus...) -> String {
    let listed = ([.success] + statuses).map { "\($0.rawValue) \($0.summary)" }
    return "\n\nExit status: " + listed.joined(separator: "; ") + " (docs/running.md)."
  }
}
