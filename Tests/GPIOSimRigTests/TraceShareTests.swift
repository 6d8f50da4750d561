import Testing

/// How the rig chooses the bundled traces a VM replays (`LANE_CHECKS_TRACES`,
/// `LANE_CHECKS_SKIP_TRACES`), which is how it splits them between its VMs. Pure: runs everywhere, not only in the rig.
@Suite("The rig's choice of bundled traces to replay")
struct TraceShareTests {
  let bundled = ["a", "b", "c", "d"]

  @Test("When one VM names traces and the other skips the same names, then every trace is replayed by exactly one")
  func namedAndSkippedCoverEveryTraceOnce() {
    let first = Rig.selected(from: bundled, only: "c", skipping: nil)
    let second = Rig.selected(from: bundled, only: nil, skipping: "c")

    #expect(first == ["c"])
    #expect(second == ["a", "b", "d"])
  }

  @Test("When VMs name traces separated by commas and one skips them all, then every trace is replayed by exactly one")
  func commaListsCoverEveryTraceOnce() {
    let first = Rig.selected(from: bundled, only: "c", skipping: nil)
    let second = Rig.selected(from: bundled, only: "a,d", skipping: nil)
    let rest = Rig.selected(from: bundled, only: nil, skipping: "c,a d")

    #expect(first == ["c"])
    #expect(second == ["a", "d"])
    #expect(rest == ["b"])
  }

  @Test("When nothing is named or skipped, then every bundled trace is replayed", arguments: [nil, "", " "])
  func nothingChosenIsEverything(list: String?) {
    #expect(Rig.selected(from: bundled, only: list, skipping: list) == bundled)
  }

  @Test("When a named trace is not bundled, then it stays in the list, so its replay fails naming it")
  func unknownNameIsKept() {
    #expect(Rig.selected(from: bundled, only: "a missing", skipping: nil) == ["a", "missing"])
  }
}
