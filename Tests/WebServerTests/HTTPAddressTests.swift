import Testing
import WebServer

@Suite("The --http address of the web boards")
struct HTTPAddressTests {
  @Test(
    "When a loopback address is given, then it is taken as typed",
    arguments: [
      ("127.0.0.1:8080", "127.0.0.1", 8080), ("localhost:9000", "localhost", 9000),
      ("[::1]:8080", "::1", 8080), (":8081", "127.0.0.1", 8081), ("8082", "127.0.0.1", 8082),
      ("127.0.0.1:0", "127.0.0.1", 0),
    ])
  func loopback(text: String, host: String, port: Int) throws {
    let address = try HTTPAddress(parsing: text)

    #expect(address.host == host)
    #expect(address.port == port)
  }

  @Test(
    "When an address beyond loopback is given without --http-public, then it is refused and the message says how to allow it",
    arguments: ["0.0.0.0:8080", "192.168.1.20:80", "[::]:8080", "lane7.local:8080"])
  func publicRefused(text: String) throws {
    #expect(throws: HTTPAddress.Problem.notLoopback(text)) { try HTTPAddress(parsing: text) }
    #expect(HTTPAddress.Problem.notLoopback(text).description.contains("--http-public"))
  }

  @Test("When --http-public is given, then an address beyond loopback is taken")
  func publicAllowed() throws {
    let address = try HTTPAddress(parsing: "0.0.0.0:8080", allowPublic: true)

    #expect(address == HTTPAddress(host: "0.0.0.0", port: 8080))
  }

  @Test(
    "When the text is not HOST:PORT, then it is refused as malformed",
    arguments: ["", "127.0.0.1", "http://127.0.0.1:8080", "[::1]8080", " :80", "a b:80"])
  func malformed(text: String) {
    #expect(throws: HTTPAddress.Problem.malformed(text)) { try HTTPAddress(parsing: text) }
  }

  @Test(
    "When the port is not a number from 0 to 65535, then it is refused and the message gives the range",
    arguments: ["127.0.0.1:65536", "127.0.0.1:-1", "127.0.0.1:http", "127.0.0.1:"])
  func badPort(text: String) {
    #expect(throws: HTTPAddress.Problem.badPort(text)) { try HTTPAddress(parsing: text) }
    #expect(HTTPAddress.Problem.badPort(text).description.contains("0 to 65535"))
  }
}
