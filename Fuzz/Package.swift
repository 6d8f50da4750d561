// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for LaneBridge's parsers and scoring engine. A package of its own, so a
// plain `swift build` of LaneBridge never meets them: they only link with libFuzzer's `main`,
// which `swift build --sanitize=fuzzer` provides. Build and run them with `scripts/fuzz.sh`.

/// A fuzz target: the folder of its name, with the LaneBridge products it fuzzes.
func fuzzer(_ name: String, _ products: String...) -> Target {
  .executableTarget(
    name: name, dependencies: products.map { .product(name: $0, package: "LaneBridge") },
    path: name)
}

let package = Package(
  name: "LaneBridgeFuzz",
  dependencies: [
    .package(name: "LaneBridge", path: "..")
  ],
  targets: [
    // Arbitrary bytes as a trace: TraceReader, then the throw detector on what it read.
    fuzzer("TraceReaderFuzzer", "LaneSensing"),
    // Arbitrary text as a wiring file: WiringFile(parsing:) over TOMLKit and toml++.
    fuzzer("WiringFileFuzzer", "Wiring"),
    // Arbitrary text as a lane config file: LaneConfig(parsing:) over TOMLKit and toml++.
    fuzzer("LaneConfigFuzzer", "LaneConfiguration", "Centre"),
    // Arbitrary text as a league night file, and a night played on what it accepts.
    fuzzer("LeagueNightFuzzer", "LaneConfiguration", "League", "Bowling"),
    // Arbitrary text as `lane`'s option values: the checks in LaneOptions the executable's
    // option groups call (the first byte picks the option).
    fuzzer("OptionValuesFuzzer", "LaneOptions", "Centre"),
    // Arbitrary bytes as `lane score` tokens and as a list of throws for Game.
    fuzzer("ScoringFuzzer", "Bowling", "LaneBridge"),
    // Arbitrary bytes as a journal: JournalContents, then the session fold with corrections.
    fuzzer("JournalFuzzer", "Bowling", "Journal"),
    // Arbitrary bytes as a session's deliveries and corrections: the fold, its invariants,
    // the same steps folded from journal entries, snapshots, and undo to the end.
    fuzzer("SessionFoldFuzzer", "Bowling", "Journal"),
  ]
)
