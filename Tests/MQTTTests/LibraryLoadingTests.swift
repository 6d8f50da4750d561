import CMosquitto
import Testing

@testable import MQTT

/// libmosquitto is loaded with `dlopen` when the first client is made, not linked: a lane
/// without a broker never maps it nor OpenSSL (the command-level check is
/// `LibraryLoadingCommandTests`).
@Suite("libmosquitto, loaded when the first MQTT client is made", .holdsAThread)
struct LibraryLoadingTests {
  @Test("Given the installed libmosquitto, when it is loaded, then every function lane calls is found and the library answers")
  func installedLibrary() throws {
    let library = try Mosquitto.load(Mosquitto.libraryName).get()

    #expect(library.initialised == Mosquitto.success)
    let text = try #require(library.functions.pointee.mosquitto_strerror(Int32(MOSQ_ERR_NO_CONN.rawValue)))
    #expect(String(cString: text) == "The client is not currently connected.")
  }

  @Test("Given no library of that name, when it is loaded, then the failure is the loader's message naming the file")
  func missingLibrary() {
    let result = Mosquitto.load("libmosquitto-not-installed.so.1")

    #expect(
      result.failure?.reason
        == "libmosquitto-not-installed.so.1: cannot open shared object file: No such file or directory")
  }

  @Test("Given a library that is not libmosquitto, when it is loaded, then the failure names the first function it lacks and the version lane needs")
  func libraryWithoutTheFunctions() {
    let result = Mosquitto.load("libc.so.6")

    #expect(
      result.failure?.reason
        == "libc.so.6 has no function mosquitto_lib_init: lane needs libmosquitto 2.0 or later")
  }

  @Test("Given libmosquitto cannot be loaded, then the client's error says what to install, and it is not a setting to fix")
  func errorSaysWhatToInstall() {
    let error = MQTTError(
      .load(library: "libmosquitto.so.1"),
      .libraryUnavailable("libmosquitto.so.1: cannot open shared object file: No such file or directory"))

    #expect(
      error.description
        == "loading the MQTT library libmosquitto.so.1 failed: libmosquitto.so.1: cannot open shared"
        + " object file: No such file or directory. Install libmosquitto 2.0 or later (apt-get"
        + " install libmosquitto1): lane needs it to reach the centre's broker (--broker, lane desk,"
        + " lane display), and nothing else does")
    #expect(!error.isSettingsProblem)
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let failure) = self { failure } else { nil }
  }
}
