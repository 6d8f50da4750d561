/// Every status a `lane` command exits with: one table for the whole CLI, from sysexits(3).
///
/// docs/running.md lists the same table under "Exit statuses"; a test compares the two.
public enum ExitStatus: Int32, CaseIterable, Sendable {
  /// The command did what it was asked.
  case success = 0
  /// `lane calibrate --check` found that the lane drifted from its wiring file.
  case checkFoundDrift = 1
  /// The command line was wrong: an unknown option, a value out of range (EX_USAGE).
  case usage = 64
  /// The input cannot be right: an impossible game, a malformed trace, a refused
  /// correction, a damaged journal (EX_DATAERR).
  case dataError = 65
  /// An input file does not exist or cannot be read (EX_NOINPUT).
  case noInput = 66
  /// A chip or line is not there or is busy, or no line is free; `lane desk` cannot reach
  /// the broker; libmosquitto is not installed; no lane runs for `lane correct --league`
  /// (EX_UNAVAILABLE).
  case unavailable = 69
  /// Something went wrong inside lane itself, a bug to report (EX_SOFTWARE).
  case software = 70
  /// The operating system refused a resource lane needs to run, e.g. a pipe (EX_OSERR).
  case osError = 71
  /// An output file exists without `--force` or cannot be created (EX_CANTCREAT).
  case cannotCreate = 73
  /// Reading the lines, writing the journal or standard output, or opening or reading the
  /// desk's store failed (EX_IOERR).
  case ioError = 74
  /// The technician stopped, or the deck did not match; nothing was saved; the journal is in
  /// use by another lane; a running lane did not answer a correction in time (EX_TEMPFAIL).
  case temporaryFailure = 75
  /// What answered on a lane's control socket is not a reply to the request (EX_PROTOCOL).
  case protocolError = 76
  /// The chip may not be opened, or the MQTT broker refuses the credentials (EX_NOPERM).
  case noPermission = 77
  /// The wiring file is missing, malformed or does not fit the chip, or TLS to the broker
  /// fails or its host name does not resolve; the desk's users file is open to others, or
  /// its page's TLS key is, or is not PEM (EX_CONFIG).
  case badConfiguration = 78
}
