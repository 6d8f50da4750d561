// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "LaneBridge",
  products: [
    .executable(name: "lane", targets: ["lane"]),
    .library(name: "Bowling", targets: ["Bowling"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // The pure ten-pin domain: pins, throws, frames, games. No I/O.
    .target(name: "Bowling"),
    .executableTarget(
      name: "lane",
      dependencies: [
        "Bowling",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "BowlingTests", dependencies: ["Bowling"]),
  ]
)
