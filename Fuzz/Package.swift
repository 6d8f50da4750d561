// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for LaneBridge's parsers and scoring engine. A package of its own, so a
// plain `swift build` of LaneBridge never meets them: they only link with libFuzzer's `main`,
// which `swift build --sanitize=fuzzer` provides. Build and run them with `scripts/fuzz.sh`.
let package = Package(
  name: "LaneBridgeFuzz",
  dependencies: [
    .package(name: "LaneBridge", path: "..")
  ],
  targets: [
    // Arbitrary bytes as a trace: TraceReader, then the throw detector on what it read.
    .executableTarget(
      name: "TraceReaderFuzzer",
      dependencies: [.product(name: "LaneSensing", package: "LaneBridge")],
      path: "TraceReaderFuzzer"
    ),
    // Arbitrary text as a wiring file: WiringFile(parsing:) over TOMLKit and toml++.
    .executableTarget(
      name: "WiringFileFuzzer",
      dependencies: [.product(name: "Wiring", package: "LaneBridge")],
      path: "WiringFileFuzzer"
    ),
    // Arbitrary text as a lane config file: LaneConfig(parsing:) over TOMLKit and toml++.
    .executableTarget(
      name: "LaneConfigFuzzer",
      dependencies: [
        .product(name: "LaneConfiguration", package: "LaneBridge"),
        .product(name: "Centre", package: "LaneBridge"),
      ],
      path: "LaneConfigFuzzer"
    ),
    // Arbitrary text as `lane`'s option values: the checks in LaneOptions the executable's
    // option groups call (the first byte picks the option).
    .executableTarget(
      name: "OptionValuesFuzzer",
      dependencies: [
        .product(name: "LaneOptions", package: "LaneBridge"),
        .product(name: "Centre", package: "LaneBridge"),
      ],
      path: "OptionValuesFuzzer"
    ),
    // Arbitrary bytes as `lane score` tokens and as a list of throws for Game.
    .executableTarget(
      name: "ScoringFuzzer",
      dependencies: [
        .product(name: "Bowling", package: "LaneBridge"),
        .product(name: "LaneBridge", package: "LaneBridge"),
      ],
      path: "ScoringFuzzer"
    ),
    // Arbitrary bytes as a journal: JournalContents, then the session fold with corrections.
    .executableTarget(
      name: "JournalFuzzer",
      dependencies: [
        .product(name: "Bowling", package: "LaneBridge"),
        .product(name: "Journal", package: "LaneBridge"),
      ],
      path: "JournalFuzzer"
    ),
    // Arbitrary bytes as a session's deliveries and corrections: the fold, its invariants,
    // the same steps folded from journal entries, snapshots, and undo to the end.
    .executableTarget(
      name: "SessionFoldFuzzer",
      dependencies: [
        .product(name: "Bowling", package: "LaneBridge"),
        .product(name: "Journal", package: "LaneBridge"),
      ],
      path: "SessionFoldFuzzer"
    ),
  ]
)
