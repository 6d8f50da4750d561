// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "LaneBridge",
  products: [
    .executable(name: "lane", targets: ["lane"]),
    .library(name: "Bowling", targets: ["Bowling"]),
    .library(name: "Wiring", targets: ["Wiring"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/LebJe/TOMLKit", .upToNextMinor(from: "0.6.0")),
  ],
  targets: [
    // The pure ten-pin domain: pins, throws, frames, games. No I/O.
    .target(name: "Bowling"),
    // A lane's wiring file: which GPIO line senses which pin, parsed, validated and
    // written back. Knows the domain and TOML, but no C and no GPIO.
    .target(
      name: "Wiring",
      dependencies: [
        "Bowling",
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]
    ),
    .executableTarget(
      name: "lane",
      dependencies: [
        "Bowling",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "BowlingTests", dependencies: ["Bowling"]),
    .testTarget(name: "WiringTests", dependencies: ["Wiring", "Bowling"]),
  ]
)
