// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "LaneBridge",
  products: [
    .executable(name: "lane", targets: ["lane"]),
    .library(name: "Bowling", targets: ["Bowling"]),
    .library(name: "Scoreboard", targets: ["Scoreboard"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // The pure ten-pin domain: pins, throws, frames, games. No I/O.
    .target(name: "Bowling"),
    // The console display: renders domain values as plain text for terminals and logs.
    .target(name: "Scoreboard", dependencies: ["Bowling"]),
    // The application layer the executable delegates to: parses input, reports, formats.
    .target(name: "LaneBridge", dependencies: ["Bowling", "Scoreboard"]),
    .executableTarget(
      name: "lane",
      dependencies: [
        "Bowling",
        "LaneBridge",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "BowlingTests", dependencies: ["Bowling"]),
    .testTarget(name: "ScoreboardTests", dependencies: ["Scoreboard"]),
    .testTarget(name: "LaneBridgeTests", dependencies: ["LaneBridge"]),
    // Runs the built `lane` executable as a user would; depends on it so it is built first.
    .testTarget(name: "LaneCommandTests", dependencies: ["lane"]),
  ]
)
