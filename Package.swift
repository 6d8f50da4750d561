// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "LaneBridge",
  products: [
    .executable(name: "lane", targets: ["lane"]),
    .library(name: "Bowling", targets: ["Bowling"]),
    .library(name: "Scoreboard", targets: ["Scoreboard"]),
    .library(name: "GPIO", targets: ["GPIO"]),
    .library(name: "LaneSensing", targets: ["LaneSensing"]),
    // The simulated pin sensor is a product of its own, like swift-log's InMemoryLogging:
    // users replay recorded traces through it in CI.
    .library(name: "SimulatedPinSensor", targets: ["SimulatedPinSensor"]),
    .library(name: "Wiring", targets: ["Wiring"]),
    .library(name: "GPIOPinSensor", targets: ["GPIOPinSensor"]),
    .library(name: "Calibration", targets: ["Calibration"]),
    .library(name: "GPIOLineSensor", targets: ["GPIOLineSensor"]),
    // For the libFuzzer targets in Fuzz/, a package of their own that fuzzes `lane score`'s
    // parser; not meant as an API.
    .library(name: "LaneBridge", targets: ["LaneBridge"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/LebJe/TOMLKit", .upToNextMinor(from: "0.6.0")),
    // Property-based tests only (Tests/RobustnessTests); no library target uses it.
    .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
  ],
  targets: [
    // The pure ten-pin domain: pins, throws, frames, games. No I/O.
    .target(name: "Bowling"),
    // The console display: renders domain values as plain text for terminals and logs.
    .target(name: "Scoreboard", dependencies: ["Bowling"]),
    // The application layer the executable delegates to: parses input, reports, formats.
    .target(
      name: "LaneBridge",
      dependencies: [
        "Bowling", "Scoreboard", "LaneSensing", "SimulatedPinSensor", "Wiring", "GPIO",
        "GPIOPinSensor", "Calibration", "GPIOLineSensor",
      ]
    ),
    // libgpiod as installed (1.6 or 2.x), found with pkg-config.
    .systemLibrary(
      name: "Clibgpiod",
      pkgConfig: "libgpiod",
      providers: [.apt(["libgpiod-dev"])]
    ),
    // A small C API over both libgpiod generations, chosen at compile time.
    .target(name: "CGPIOD", dependencies: ["Clibgpiod"]),
    // The only Swift code that touches libgpiod: chips, line requests, events.
    .target(name: "GPIO", dependencies: ["CGPIOD"]),
    // Sensing: the PinSensor protocol, sensor events, the trace format and the throw detector.
    // Knows the domain, no C.
    .target(name: "LaneSensing", dependencies: ["Bowling"]),
    // A PinSensor driven by a script or a recorded trace, for tests and CI.
    .target(name: "SimulatedPinSensor", dependencies: ["LaneSensing"]),
    // The PinSensor of a real lane: GPIO edges from the kernel as sensor readings. No C.
    .target(name: "GPIOPinSensor", dependencies: ["GPIO", "LaneSensing", "Bowling"]),
    // Replays a long generated trace through the parser and detector; not a test.
    .executableTarget(
      name: "SensingBenchmark",
      dependencies: ["LaneSensing"],
      path: "Benchmarks/SensingBenchmark"
    ),
    // The gpio-sim rig's trace driver: plays traces onto simulated GPIO lines through the
    // kernel's gpio-sim pull files, parsing them as `lane` does (Hardware/gpio-sim/). No C.
    .executableTarget(
      name: "gpio-sim-drive",
      dependencies: ["LaneSensing", "SimulatedPinSensor", "Bowling"],
      path: "Hardware/gpio-sim/Driver"
    ),
    // A lane's wiring file: which GPIO line senses which pin, parsed, validated and
    // written back, with the throw detector windows for the lane. Knows the domain, the
    // sensing layer and TOML, but no C and no GPIO.
    .target(
      name: "Wiring",
      dependencies: [
        "Bowling",
        "LaneSensing",
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]
    ),
    // The guided calibration of a lane (`lane calibrate`): from unknown lines to a measured,
    // verified wiring. Works on raw lines through the LineSensor protocol; no C and no GPIO.
    .target(
      name: "Calibration",
      dependencies: ["Bowling", "LaneSensing", "Scoreboard", "Wiring"]
    ),
    // The LineSensor of a real chip: every free line watched at once, for calibration.
    .target(
      name: "GPIOLineSensor",
      dependencies: ["Calibration", "GPIO", "GPIOPinSensor", "LaneSensing"]
    ),
    .executableTarget(
      name: "lane",
      dependencies: [
        "LaneBridge",
        "LaneSensing",
        "SimulatedPinSensor",
        "GPIO",
        "Calibration",
        "GPIOLineSensor",
        "Wiring",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "BowlingTests", dependencies: ["Bowling"]),
    .testTarget(name: "ScoreboardTests", dependencies: ["Scoreboard"]),
    .testTarget(
      name: "LaneBridgeTests",
      dependencies: ["LaneBridge", "Bowling", "LaneSensing", "SimulatedPinSensor"]
    ),
    // Runs the built `lane` executable as a user would (and kills `lane simulate --journal`
    // at random moments to check nothing acknowledged is lost); depends on it so it is built
    // first.
    .testTarget(
      name: "LaneCommandTests",
      dependencies: ["lane", "LaneBridge", "Bowling", "LaneSensing", "SimulatedPinSensor"]
    ),
    .testTarget(name: "GPIOTests", dependencies: ["GPIO", "CGPIOD"]),
    // What several test targets share: scratch folders, simulated gpio-sim chips (GPIOSim).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // The gpio-sim rig's checks (Hardware/gpio-sim/run.sh runs them in its VM, tagged
    // hardware): the built `lane` and `gpio-sim-drive` on simulated chips, through their
    // command lines and JSON only.
    .testTarget(
      name: "GPIOSimRigTests",
      dependencies: ["lane", "gpio-sim-drive", "TestSupport"]
    ),
    .testTarget(name: "LaneSensingTests", dependencies: ["LaneSensing", "Bowling"]),
    .testTarget(
      name: "SimulatedPinSensorTests",
      dependencies: ["SimulatedPinSensor", "LaneSensing", "Bowling"]
    ),
    .testTarget(name: "WiringTests", dependencies: ["Wiring", "Bowling"]),
    .testTarget(
      name: "CalibrationTests",
      dependencies: [
        "Calibration", "Bowling", "LaneSensing", "Wiring", "LaneBridge", "SimulatedPinSensor",
      ]
    ),
    .testTarget(
      name: "GPIOPinSensorTests",
      dependencies: ["GPIOPinSensor", "GPIO", "LaneSensing", "Bowling"]
    ),
      // Invariants of the scoring engine, the throw detector and the trace format checked on
    // random input, and the inputs the fuzzers in Fuzz/ found, kept as regression cases.
    .testTarget(
      name: "RobustnessTests",
      dependencies: [
        "Bowling", "LaneSensing", "Wiring", "LaneBridge",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
  ]
)
