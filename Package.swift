// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "LaneBridge",
  products: [
    .executable(name: "lane", targets: ["lane"]),
    .library(name: "Bowling", targets: ["Bowling"]),
    .library(name: "LaneSensing", targets: ["LaneSensing"]),
    // The simulated pin sensor is a product of its own, like swift-log's InMemoryLogging:
    // users replay recorded traces through it in CI.
    .library(name: "SimulatedPinSensor", targets: ["SimulatedPinSensor"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // The pure ten-pin domain: pins, throws, frames, games. No I/O.
    .target(name: "Bowling"),
    // Sensing: the PinSensor protocol, sensor events, the trace format and the throw detector.
    // Knows the domain, no C.
    .target(name: "LaneSensing", dependencies: ["Bowling"]),
    // A PinSensor driven by a script or a recorded trace, for tests and CI.
    .target(name: "SimulatedPinSensor", dependencies: ["LaneSensing"]),
    // Replays a long generated trace through the parser and detector; not a test.
    .executableTarget(
      name: "SensingBenchmark",
      dependencies: ["LaneSensing"],
      path: "Benchmarks/SensingBenchmark"
    ),
    .executableTarget(
      name: "lane",
      dependencies: [
        "Bowling",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "BowlingTests", dependencies: ["Bowling"]),
    .testTarget(name: "LaneSensingTests", dependencies: ["LaneSensing", "Bowling"]),
    .testTarget(
      name: "SimulatedPinSensorTests",
      dependencies: ["SimulatedPinSensor", "LaneSensing", "Bowling"]
    ),
  ]
)
