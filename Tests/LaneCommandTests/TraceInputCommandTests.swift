import Foundation
import Testing

@Suite("lane simulate on input that is not a trace")
struct TraceInputCommandTests {
  let lane: LaneExecutable

  init() throws {
    lane = try LaneExecutable()
  }

  @Test("When standard input is a run of NUL bytes, then it stops at the line limit and exits 65")
  func zerosOnStandardInput() async throws {
    let run = try await lane.run(
      ["simulate", "-"], input: String(repeating: "\0", count: 60_000))
    #expect(run.status == 65)
    #expect(run.standardOutput == "")
    #expect(run.standardError == "lane simulate: standard input: trace line 1: the line is longer "
      + "than 4096 bytes, the most a trace line may hold; check that this is a trace file "
      + "(docs/trace-format.md)\n")
  }

  @Test("When the trace is a device, then it is refused without reading, exit 66")
  func device() async throws {
    let run = try await lane.run(["simulate", "/dev/zero"])
    #expect(run.status == 66)
    #expect(run.standardError.contains("cannot replay '/dev/zero': it is a character device"))
  }

  @Test("When a CR-only trace is given, then its throws are read, not lost as one comment")
  func carriageReturnsOnly() async throws {
    let trace = "# lane 1\r0.0 pins 1111111111\r1.0 ball\r1.2 pin1 down\r"
    let run = try await lane.run(["simulate", "--json", "-"], input: trace)
    #expect(run.status == 0)
    let output = try JSONDecoder().decode(SimulateOutput.self, from: Data(run.standardOutput.utf8))
    #expect(output.throws.map(\.knocked) == [[1]])
  }
}
