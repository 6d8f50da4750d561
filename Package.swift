// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "LaneBridge",
  products: [
    .executable(name: "lane", targets: ["lane"]),
    .library(name: "Bowling", targets: ["Bowling"]),
    .library(name: "GPIO", targets: ["GPIO"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // The pure ten-pin domain: pins, throws, frames, games. No I/O.
    .target(name: "Bowling"),
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
    .executableTarget(
      name: "lane",
      dependencies: [
        "Bowling",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "BowlingTests", dependencies: ["Bowling"]),
    .testTarget(name: "GPIOTests", dependencies: ["GPIO", "CGPIOD"]),
  ]
)
