// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "LaneBridge",
  products: [
    .executable(name: "lane", targets: ["lane"]),
    .library(name: "Bowling", targets: ["Bowling"]),
    .library(name: "Scoreboard", targets: ["Scoreboard"]),
    .library(name: "League", targets: ["League"]),
    .library(name: "GPIO", targets: ["GPIO"]),
    .library(name: "POSIX", targets: ["POSIX"]),
    .library(name: "LaneSensing", targets: ["LaneSensing"]),
    // The simulated pin sensor is a product of its own, like swift-log's InMemoryLogging:
    // users replay recorded traces through it in CI.
    .library(name: "SimulatedPinSensor", targets: ["SimulatedPinSensor"]),
    .library(name: "Wiring", targets: ["Wiring"]),
    .library(name: "GPIOPinSensor", targets: ["GPIOPinSensor"]),
    .library(name: "Calibration", targets: ["Calibration"]),
    .library(name: "GPIOLineSensor", targets: ["GPIOLineSensor"]),
    // The lane's journal: also read by the centre link ("every record after seq N").
    .library(name: "Journal", targets: ["Journal"]),
    // For the libFuzzer targets in Fuzz/, a package of their own that fuzzes `lane score`'s
    // parser; not meant as an API.
    .library(name: "LaneBridge", targets: ["LaneBridge"]),
    .library(name: "LaneHardware", targets: ["LaneHardware"]),
    .library(name: "LaneControl", targets: ["LaneControl"]),
    .library(name: "MQTT", targets: ["MQTT"]),
    .library(name: "Centre", targets: ["Centre"]),
    .library(name: "CentreLink", targets: ["CentreLink"]),
    .library(name: "CentreStore", targets: ["CentreStore"]),
    .library(name: "CentreRecords", targets: ["CentreRecords"]),
    .library(name: "LaneConfiguration", targets: ["LaneConfiguration"]),
    // For the option values' fuzz target in Fuzz/; not meant as an API.
    .library(name: "LaneOptions", targets: ["LaneOptions"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/LebJe/TOMLKit", .upToNextMinor(from: "0.6.0")),
    // Property-based tests only (Tests/RobustnessTests); no library target uses it.
    .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    // The web boards' HTTP server (Sources/Adapters/WebServer); only `lane` and its tests link it.
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    // FileDescriptor and Errno under the POSIX target; already built for swift-nio.
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    // The desk's store (Sources/Adapters/CentreStore) over Debian's libsqlite3 (libsqlite3-dev); only
    // CentreStore, `lane` and their tests link it (docs/records.md, docs/ci.md for its build cost).
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    // bcrypt for the desk's users file (Sources/Domain/DeskAccess): only its HummingbirdBcrypt
    // product, one C file; the package's other products are not built.
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth", exact: "2.5.0"),
    // HTTPField's names for the desk's own headers; already built for hummingbird.
    .package(url: "https://github.com/apple/swift-http-types", from: "1.4.0"),
    // HTTPS for the desk's page (lane desk --tls-cert/--tls-key): NIOSSL, BoringSSL inside,
    // through hummingbird's HummingbirdTLS (docs/ci.md has its build cost).
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.2"),
    // NIOCore's SocketAddress: the desk counts sign-ins per client address (already built
    // for hummingbird; WebServer names it).
    .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    // The pages' templates (Sources/Adapters/WebServer/Pages/*.html and the records' in
    // Sources/Adapters/RecordsPresentation/Pages): {{name}} filled in, escaped as HTML. Pure
    // Swift, no dependencies; only WebServer and RecordsPresentation use it.
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
  ],
  targets: [
    // The pure ten-pin domain: pins, throws, frames, games. No I/O.
    .target(name: "Bowling"),
    // League nights on a pair: Rule 106's order of turns, handicap, blinds, vacancies,
    // points and the corrections USBC asks a scorer for. Pure, over the domain.
    .target(name: "League", dependencies: ["Bowling"]),
    // Files we create or own, done safely: O_EXCL and O_NOFOLLOW, regular files only, synced
    // and renamed into place with their folder synced. No domain knowledge, so the wiring and
    // the journal both use it without depending on each other.
    .target(
      name: "SafeFiles",
      dependencies: ["POSIX", .product(name: "SystemPackage", package: "swift-system")]),
    // The descriptors the project opens itself, over swift-system: every EINTR retry, the
    // loops that finish short reads and writes, and the self-pipe WakeEvent. Pure POSIX.
    .target(name: "POSIX", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
    // The lane's journal: its file format, the session fold, durable-before-shown; and a
    // league night's journal on a pair, its night fold. Knows the domain and the league,
    // not the sensors or the console.
    .target(
      name: "Journal",
      dependencies: [
        "Bowling", "League", "SafeFiles", "POSIX",
        .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // The console display: renders domain values as plain text for terminals and logs.
    .target(name: "Scoreboard", dependencies: ["Bowling", "League"]),
    // The application core the executable delegates to: the lane loop and its displays, the
    // inbox and its request/reply messages, `lane score`'s parser, reports and exit statuses.
    // No GPIO, no sockets: the web boards, the centre link and the fuzzers build on it
    // without libgpiod (scripts/check-layers).
    .target(
      name: "LaneBridge",
      dependencies: [
        "Bowling", "League", "Scoreboard", "LaneSensing", "Journal", "SafeFiles", "POSIX",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    // A lane's hardware opened for the application: the GPIO pin sensor from a wiring file,
    // the chip's inventory, what `lane calibrate` opens. The one application target that
    // links libgpiod.
    .target(
      name: "LaneHardware",
      dependencies: [
        "Bowling", "LaneBridge", "LaneSensing", "Wiring", "GPIO", "GPIOPinSensor", "Calibration",
        "GPIOLineSensor", "POSIX",
      ]
    ),
    // A running lane's control socket (`JOURNAL.sock`) and `lane correct`'s client of it: Unix
    // sockets carrying LaneBridge's ControlRequest and ControlReply.
    .target(
      name: "LaneControl",
      dependencies: ["LaneBridge", "POSIX", .product(name: "SystemPackage", package: "swift-system")]),
    // The web boards' model: a lane's events and session as JSON board state and an event
    // stream numbered by journal sequence. Pure; no I/O.
    .target(name: "WebBoard", dependencies: ["Bowling", "Centre", "Journal", "LaneBridge", "League", "Scoreboard"]),
    // The web boards' HTTP server: pages, JSON and Server-Sent Events over hummingbird, fed
    // by WebDisplay, a LaneDisplay; and a league night's boards, from its LeagueBoard. The
    // pages, their styles and scripts are the files in Pages/, embedded in the binary (the
    // .deb ships `lane` alone).
    .target(
      name: "WebServer",
      dependencies: [
        "WebBoard", "Centre", "LaneBridge", "Bowling", "League", "DeskAccess",
        .product(name: "Mustache", package: "swift-mustache"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "SystemPackage", package: "swift-system"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      resources: [.embedInCode("Pages")]
    ),
    // Who may use the desk's page and API: the users file, bcrypt passwords, roles and what
    // each may do, signed-in sessions with their CSRF tokens, and the throttling of failed
    // sign-ins. Pure but for bcrypt's C; time is given, tokens are made by the caller.
    .target(
      name: "DeskAccess",
      dependencies: ["Centre", .product(name: "HummingbirdBcrypt", package: "hummingbird-auth")]),
    // libgpiod as installed (1.6 or 2.x), found with pkg-config.
    .systemLibrary(
      name: "Clibgpiod",
      pkgConfig: "libgpiod",
      providers: [.apt(["libgpiod-dev"])]
    ),
    // A small C API over both libgpiod generations, chosen at compile time.
    .target(name: "CGPIOD", dependencies: ["Clibgpiod"]),
    // The only Swift code that touches libgpiod: chips, line requests, events.
    .target(name: "GPIO", dependencies: ["CGPIOD", "POSIX"]),
    // Sensing: the PinSensor protocol, sensor events, the trace format and the throw detector.
    // Knows the domain, no C.
    .target(name: "LaneSensing", dependencies: ["Bowling", "POSIX"]),
    // A PinSensor driven by a script or a recorded trace, for tests and CI.
    .target(
      name: "SimulatedPinSensor",
      dependencies: [
        "LaneSensing", "SafeFiles", "POSIX", .product(name: "SystemPackage", package: "swift-system"),
      ]),
    // The PinSensor of a real lane: GPIO edges from the kernel as sensor readings. No C.
    .target(name: "GPIOPinSensor", dependencies: ["GPIO", "LaneSensing", "Bowling", "POSIX"]),
    // The reader+detector micro-benchmark and the end-to-end benchmark's trace generator;
    // not a test (Benchmarks/replay-benchmark.sh, docs/performance.md).
    .executableTarget(
      name: "SensingBenchmark",
      dependencies: ["LaneSensing", "SimulatedPinSensor"],
      path: "Benchmarks/SensingBenchmark"
    ),
    // Resumes generated journals of growing length and times it; not a test.
    .executableTarget(
      name: "JournalBenchmark",
      dependencies: ["Journal", "Bowling"],
      path: "Benchmarks/JournalBenchmark"
    ),
    // The desk's store at a season's scale: stores, folds and queries; not a test
    // (Benchmarks/store-benchmark.sh, docs/performance.md).
    .executableTarget(
      name: "StoreBenchmark",
      dependencies: ["CentreStore", "Centre", "LaneBridge"],
      path: "Benchmarks/StoreBenchmark"
    ),
    // Many lanes in one process against a desk (scripts/centre-benchmark.py --in-process,
    // docs/performance.md); not a test.
    .executableTarget(
      name: "CentreLoad",
      dependencies: [
        "LaneRuntime", "LaneBridge", "Bowling", "LaneSensing", "SimulatedPinSensor", "CentreLink", "POSIX",
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Benchmarks/CentreLoad"
    ),
    // The gpio-sim rig's trace driver: plays traces onto simulated GPIO lines through the
    // kernel's gpio-sim pull files, parsing them as `lane` does (Hardware/gpio-sim/). No C.
    .executableTarget(
      name: "gpio-sim-drive",
      dependencies: [
        "LaneSensing", "SimulatedPinSensor", "Bowling", "POSIX",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
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
        "SafeFiles",
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
    // A lane's config file (`lane run --config`, for the systemd unit) and a league night
    // file (`lane simulate --league`): parsed and checked, every problem with its line.
    // Pure but for reading the file.
    .target(
      name: "LaneConfiguration",
      dependencies: [
        "Bowling", "Centre", "League", "Wiring", "SafeFiles", .product(name: "TOMLKit", package: "TOMLKit"),
      ]
    ),
    // The checks of `lane`'s option values (speed range, lane id, bowlers, request ids,
    // line offsets, options that go together): pure functions from what was typed to the
    // value or the message, which the executable's option groups call. Pure; no I/O.
    .target(name: "LaneOptions", dependencies: ["Centre", "LaneSensing"]),
    // What `lane run` and `lane simulate` assemble around the lane's loop (the session and
    // its journal, the centre link, the web boards, the inbox and its control socket), and
    // the commands' other steps that are not about arguments: a request to a lane by its
    // journal, the console's lines, the stop signals, the desk's detail screen. No GPIO.
    .target(
      name: "LaneRuntime",
      dependencies: [
        "LaneBridge", "LaneControl", "CentreLink", "CentreStore", "CentreRecords", "RecordsPresentation", "Centre",
        "MQTT", "WebBoard", "WebServer",
        "Journal", "LaneSensing", "Wiring", "POSIX", "SafeFiles", "Bowling", "Scoreboard", "League",
        "LaneConfiguration", "SimulatedPinSensor", "DeskAccess",
        .product(name: "SystemPackage", package: "swift-system"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ]
    ),
    // lane's option groups (the options its commands share, their help, and their checks,
    // which call LaneOptions' rules), as ArgumentParser reads them.
    .target(
      name: "LaneCLI",
      dependencies: [
        // Whose errors ExitStatus+Errors.swift maps (the broker's, the control socket's).
        "MQTT", "LaneControl",
        "LaneRuntime", "LaneBridge", "LaneConfiguration", "LaneHardware", "LaneOptions", "GPIO",
        "CentreLink", "CentreStore", "CentreRecords", "RecordsPresentation", "Centre", "LaneSensing", "POSIX",
        "WebServer", "DeskAccess", "Journal", "Scoreboard", "SimulatedPinSensor", "Calibration", "GPIOPinSensor", "Bowling",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "lane",
      dependencies: [
        // What the command tree's declarations name; the commands' work is LaneCLI's.
        "LaneCLI", "LaneRuntime", "LaneBridge", "LaneHardware", "LaneOptions", "Calibration", "Wiring", "Centre",
        "CentreStore", "RecordsPresentation", "WebServer", "DeskAccess",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // A release lane is linked by lld with what a replay runs laid out first
      // (deploy/lane-start.order, written by scripts/lane-start-order.py): every 64 KiB of
      // code touched at start is resident, and spread over the whole text it cost a replay
      // 4 MiB (docs/performance.md, "Memory").
      linkerSettings: [
        .unsafeFlags(
          [
            "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/deploy/lane-start.order",
            "-Xlinker", "--no-warn-symbol-ordering",
          ], .when(configuration: .release))
      ]
    ),
    // libmosquitto's header (Debian's libmosquitto-dev, 2.0.x) and a loader that finds its
    // functions with dlopen when a client is first made: a lane without a broker never maps
    // the library or OpenSSL. Only MQTT imports it.
    .target(name: "CMosquitto", linkerSettings: [.linkedLibrary("dl")]),
    // The only Swift code that touches libmosquitto: an MQTT v5 client whose network thread
    // is bridged to Swift (docs/centre.md).
    .target(name: "MQTT", dependencies: ["CMosquitto", "POSIX"]),
    // The centre link's protocol, pure: topics, the payload schema v1, validation, the
    // desk's deduplicating consumer and the lane's outbox. No I/O, no MQTT.
    .target(name: "Centre"),
    // What the test targets share: scratch folders removed after each test, the bundled
    // traces with their .expected files, random league nights (and their records as a pair's
    // lanes publish them), `at(ms:)`, `Tag.hardware`, and the one way to start
    // a process (ChildProcess), find the built `lane` (BuiltProduct), run mosquitto and
    // headless Chromium, read HTTP on loopback (LoopbackClient), and make gpio-sim chips.
    // A regular target that only test targets depend on; every file in Tests/TestSupport
    // belongs to it.
    .target(
      name: "TestSupport",
      dependencies: [
        "Bowling", "League", "LaneSensing", "SimulatedPinSensor", "Wiring", "Calibration", "POSIX",
        "Journal", "Centre", "LaneConfiguration",
      ],
      path: "Tests/TestSupport"
    ),
    // The centre link's I/O shell: the lane's outbox actor over the journal and an MQTT
    // client (`lane run`/`lane simulate --broker`), and the desk's (`lane desk`).
    .target(
      name: "CentreLink",
      dependencies: [
        "Centre", "MQTT", "LaneBridge", "LaneSensing", "Journal", "League", "Bowling", "SafeFiles", "POSIX",
        .product(name: "SystemPackage", package: "swift-system"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The desk's store: every lane's journal records kept once by (lane, session, seq) in a
    // SQLite file through GRDB, and the games and averages folded from them. The only target
    // that imports GRDB.
    .target(
      name: "CentreStore",
      dependencies: [
        "Centre", "CentreLink", "CentreRecords", "Journal", "LaneBridge", "SafeFiles", "POSIX",
        .product(name: "SystemPackage", package: "swift-system"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    // The centre's records as values and pure folds over them (a session's games, averages,
    // standings, the roster), what the store returns; no GRDB, no rendering.
    .target(
      name: "CentreRecords",
      dependencies: ["Centre", "Journal", "League", "Bowling", "LaneBridge"]),
    // The records as people read them: the reports `lane records` prints, the export, the
    // scoresheet and the /records pages, made from what the store returns.
    .target(
      name: "RecordsPresentation",
      dependencies: [
        "CentreRecords", "CentreStore", "Centre", "Bowling", "Scoreboard",
        .product(name: "Mustache", package: "swift-mustache"),
      ],
      // The pages' templates (RecordsPageTemplate) and their styles (RecordsStyle): linked from
      // /records, written into a sheet saved alone. Embedded in the binary, as WebServer's are.
      resources: [.embedInCode("Pages"), .embedInCode("Styles")]),
    // The store on real SQLite files; GRDB itself to make files that are not ours and to
    // read and write the record types.
    .testTarget(
      name: "CentreStoreTests",
      dependencies: [
        "CentreStore", "CentreRecords", "RecordsPresentation", "Centre", "Journal", "League", "Bowling", "LaneBridge",
        "Scoreboard", "TestSupport",
        // The exit statuses `lane` gives the store's errors (ExitStatus+Errors.swift).
        "LaneCLI",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .testTarget(name: "BowlingTests", dependencies: ["Bowling"]),
    .testTarget(name: "DeskAccessTests", dependencies: ["DeskAccess", "Centre"]),
    .testTarget(
      name: "LeagueTests",
      dependencies: [
        "League", "Bowling", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(name: "ScoreboardTests", dependencies: ["Scoreboard"]),
    .testTarget(
      name: "JournalTests",
      dependencies: [
        "Journal", "SafeFiles", "Bowling", "League", "POSIX", "TestSupport",
        .product(name: "SystemPackage", package: "swift-system"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "LaneBridgeTests",
      dependencies: [
        "LaneBridge", "Journal", "Bowling", "League", "LaneSensing", "SimulatedPinSensor", "TestSupport",
        // LaneInboxTests wake a blocked wait with WakeEvent, as `lane run` does.
        "POSIX",
      ]
    ),
    // Runs the built `lane` executable as a user would (and kills `lane simulate --journal`
    // at random moments to check nothing acknowledged is lost); depends on it so it is built
    // first.
    .testTarget(
      name: "LaneCommandTests",
      dependencies: [
        "lane", "LaneBridge", "Journal", "Bowling", "LaneSensing", "SimulatedPinSensor",
        "Centre", "TestSupport", "League", "LaneConfiguration", "LaneRuntime",
        // The exit statuses `lane` gives the runtime's errors (ExitStatus+Errors.swift).
        "LaneCLI", "LaneHardware", "GPIO", "Wiring", "Calibration", "CentreLink", "MQTT", "LaneControl", "WebServer",
        "POSIX", "SafeFiles",
      ]
    ),
    .testTarget(
      name: "POSIXTests",
      dependencies: ["POSIX", .product(name: "SystemPackage", package: "swift-system")]),
    .testTarget(name: "GPIOTests", dependencies: ["GPIO", "CGPIOD", "POSIX", "TestSupport"]),
    .testTarget(
      name: "LaneHardwareTests",
      dependencies: ["LaneHardware", "LaneBridge", "GPIO", "GPIOPinSensor", "Wiring", "Bowling"]
    ),
    .testTarget(
      name: "LaneControlTests",
      dependencies: ["LaneControl", "LaneBridge", "POSIX", "Bowling", "TestSupport"]
    ),
    .testTarget(
      name: "CentreTests",
      dependencies: ["Centre", .product(name: "PropertyBased", package: "swift-property-based")]
    ),
    // Starts a real mosquitto per test with the files in deploy/centre/.
    .testTarget(
      name: "CentreLinkTests",
      dependencies: [
        "CentreLink", "Centre", "LaneBridge", "LaneSensing", "Journal", "Bowling", "TestSupport",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryLogging", package: "swift-log"),
      ]),
    // The runtime ring in-process: assemblies started and stopped with simulated sensors.
    .testTarget(
      name: "LaneRuntimeTests",
      dependencies: [
        "LaneRuntime", "LaneBridge", "LaneSensing", "SimulatedPinSensor", "Journal", "Bowling", "POSIX",
        "TestSupport",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]),
    // Also runs the built `lane` (lane simulate --broker, lane desk) against it.
    .testTarget(
      name: "MQTTTests",
      dependencies: [
        "MQTT", "Centre", "CentreLink", "WebBoard", "lane", "TestSupport", "Journal", "League", "LaneConfiguration",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryLogging", package: "swift-log"),
      ]),
    .testTarget(
      name: "LaneSensingTests", dependencies: ["LaneSensing", "Bowling", "TestSupport"]),
    .testTarget(
      name: "WebBoardTests",
      dependencies: [
        "WebBoard", "Centre", "LaneBridge", "Journal", "Bowling", "LaneSensing", "SimulatedPinSensor",
        "Scoreboard", "League", "TestSupport",
      ]
    ),
    // The web server with real HTTP clients, and the pages in headless Chromium.
    .testTarget(
      name: "WebServerTests",
      dependencies: [
        "lane", "WebServer", "WebBoard", "Centre", "LaneBridge", "Bowling", "League", "LaneSensing",
        "SimulatedPinSensor", "TestSupport", "LaneConfiguration", "DeskAccess",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryLogging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // The gpio-sim rig's checks (Hardware/gpio-sim/run.sh runs them in its VM, tagged
    // hardware): the built `lane` and `gpio-sim-drive` on simulated chips, through their
    // command lines and JSON; the calibration suite reads the wiring file `lane calibrate`
    // writes with Wiring's reader and expects Calibration's words for its prompts.
    .testTarget(
      name: "GPIOSimRigTests",
      dependencies: ["lane", "gpio-sim-drive", "TestSupport", "Calibration", "Wiring", "Bowling"]
    ),
    .testTarget(
      name: "SimulatedPinSensorTests",
      dependencies: ["SimulatedPinSensor", "LaneSensing", "Bowling", "TestSupport"]
    ),
    .testTarget(
      name: "LaneConfigurationTests",
      dependencies: ["LaneConfiguration", "League", "CentreLink", "TestSupport"]),
    .testTarget(name: "LaneOptionsTests", dependencies: ["LaneOptions"]),
    .testTarget(name: "WiringTests", dependencies: ["Wiring", "Bowling", "TestSupport"]),
    .testTarget(
      name: "CalibrationTests",
      dependencies: [
        "Calibration", "Bowling", "LaneSensing", "Wiring", "LaneBridge", "LaneHardware",
        "SimulatedPinSensor", "TestSupport",
      ]
    ),
    .testTarget(
      name: "GPIOPinSensorTests",
      dependencies: ["GPIOPinSensor", "GPIO", "LaneSensing", "Bowling", "TestSupport"]
    ),
    // Invariants of the scoring engine, the throw detector and the trace format checked on
    // random input, and the inputs the fuzzers in Fuzz/ found, kept as regression cases.
    .testTarget(
      name: "RobustnessTests",
      dependencies: [
        "Bowling", "LaneSensing", "Wiring", "LaneBridge", "Journal", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
  ]
)

// Every target of the product lives in the folder of its ring, Sources/RING/TARGET, so its
// path names its ring (docs/architecture.md): innermost first, each depending only on its
// own ring and the rings inside it (scripts/check-layers reads the rings from these paths).
// The tools (benchmarks, the rig's driver, the tests' support) keep their own folders.
let rings: KeyValuePairs<String, [String]> = [
  "System": ["POSIX", "SafeFiles", "Clibgpiod", "CGPIOD", "CMosquitto"],
  "Domain": [
    "Bowling", "League", "Centre", "LaneSensing", "DeskAccess", "Scoreboard", "Wiring", "Journal", "Calibration",
    "LaneOptions", "LaneConfiguration",
  ],
  "Adapters": [
    "LaneBridge", "SimulatedPinSensor", "GPIO", "GPIOPinSensor", "GPIOLineSensor", "MQTT", "LaneControl",
    "CentreLink", "CentreStore", "CentreRecords", "RecordsPresentation", "WebBoard", "WebServer", "LaneHardware",
  ],
  "Runtime": ["LaneRuntime"],
  "CLI": ["LaneCLI", "lane"],
]
for (ring, names) in rings {
  for target in package.targets where names.contains(target.name) {
    target.path = "Sources/\(ring)/\(target.name)"
  }
}
