// swift-tools-version: 6.2
// Our dependencies (swift-log 1.16, swift-service-lifecycle 2.13) need tools version 6.2.

import PackageDescription

/// One list of settings for every Swift target: Swift 6 language mode comes from the tools
/// version; these add the upcoming features the house style asks for.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let argumentParser = Target.Dependency.product(
    name: "ArgumentParser", package: "swift-argument-parser")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let serviceLifecycle = Target.Dependency.product(
    name: "ServiceLifecycle", package: "swift-service-lifecycle")
let unixSignals = Target.Dependency.product(name: "UnixSignals", package: "swift-service-lifecycle")
let realModule = Target.Dependency.product(name: "RealModule", package: "swift-numerics")
let flyingSocks = Target.Dependency.product(name: "FlyingSocks", package: "FlyingFox")

let package = Package(
    name: "weather-kiosk",
    products: [
        .executable(name: "weather-kiosk", targets: ["weather-kiosk"]),
        // For the fuzz targets in Fuzz/, a package of their own that depends on this one.
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "KioskCore", targets: ["KioskCore"]),
        .library(name: "WeatherModel", targets: ["WeatherModel"]),
        .library(name: "OpenMeteo", targets: ["OpenMeteo"]),
        .library(name: "Warnings", targets: ["Warnings"]),
        .library(name: "METNorway", targets: ["METNorway"]),
        .library(name: "Devices", targets: ["Devices"]),
        .library(name: "Pixels", targets: ["Pixels"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "LinuxPlatform", targets: ["LinuxPlatform"]),
        .library(name: "KioskConfig", targets: ["KioskConfig"]),
        .library(name: "KioskControl", targets: ["KioskControl"]),
        .library(name: "KioskDisplays", targets: ["KioskDisplays"]),
        .library(name: "KioskDaemon", targets: ["KioskDaemon"]),
        .library(name: "KioskCommands", targets: ["KioskCommands"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        // Languages: message catalogs (gettext .mo files compiled in from po/), plural
        // rules, placeholders, and how each language writes numbers and dates. A leaf: it
        // imports only the standard library, so everything else can use it.
        .target(name: "Localization", swiftSettings: swiftSettings),

        // The weather's values: quantities in their units, forecasts, places, civil time,
        // readings and their maths, written in a language. Pure, no I/O, no C; KioskCore
        // re-exports it. RealModule gives it sin/log/exp without importing Glibc.
        .target(
            name: "WeatherModel", dependencies: ["Localization", realModule],
            swiftSettings: swiftSettings),

        // The kiosk's domain and pure logic: the reducer, its settings and the ports. No I/O,
        // no C.
        .target(
            name: "KioskCore", dependencies: ["WeatherModel", realModule],
            swiftSettings: swiftSettings),

        // Open-Meteo requests and decoding over KioskCore's HTTPTransport port.
        .target(name: "OpenMeteo", dependencies: ["KioskCore"], swiftSettings: swiftSettings),

        // Threads of their own for blocking work, and a serial executor on one: the one place
        // that starts a thread (pthread_create), for LinuxPlatform, CurlHTTP and HomeAssistant.
        .target(name: "Threads", swiftSettings: swiftSettings),

        // Official weather warnings (NWS, MET Norway's MetAlerts, the DWD through Bright Sky):
        // requests, decoding and coverage over the same port, no I/O of its own.
        .target(name: "Warnings", dependencies: ["KioskCore"], swiftSettings: swiftSettings),
        // MET Norway's Locationforecast 2.0, the second forecast provider: requests as its
        // terms ask and decoding, over the same port.
        .target(name: "METNorway", dependencies: ["KioskCore"], swiftSettings: swiftSettings),

        // libcurl, and the HTTPTransport adapter over it.
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(
            name: "CurlHTTP", dependencies: ["KioskCore", "Threads", "CCurl"],
            swiftSettings: swiftSettings),

        // libmosquitto 2.0 (Home Assistant over MQTT), and the adapter over it: discovery,
        // state and commands, its network loop on a thread of its own.
        .systemLibrary(
            name: "CMosquitto", pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]),
        .target(
            name: "HomeAssistant", dependencies: ["KioskCore", "Threads", "CMosquitto", logging],
            swiftSettings: swiftSettings),

        // libgpiod 1.6 or 2.x as pkg-config finds it, and the one C API over both.
        .systemLibrary(
            name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        .target(name: "CGPIODShim", dependencies: ["CGPIOD"]),

        // Chip drivers over the I2C port.
        .target(name: "Devices", dependencies: ["KioskCore"], swiftSettings: swiftSettings),

        // libi2c's SMBus calls. libi2c ships no .pc file, so no pkg-config.
        .systemLibrary(name: "CI2C", providers: [.apt(["libi2c-dev"])]),

        // Pixel formats, conversion to them, image adjustments, terminal pictures: pure, no
        // I/O, no C, so a display adapter can use them without linking Cairo.
        .target(name: "Pixels", dependencies: ["KioskCore"], swiftSettings: swiftSettings),

        // Cairo (with its FreeType font backend), and the page renderer over it.
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev", "fonts-dejavu-core"])]),
        .target(
            name: "Rendering", dependencies: ["KioskCore", "Pixels", "CCairo"],
            swiftSettings: swiftSettings),

        // libdrm: DRM/KMS cards, connectors, dumb buffers and page flips.
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),

        // Linux ioctl wrappers (header-only) and the real adapters built on them.
        .target(name: "CLinux"),
        .target(
            name: "LinuxPlatform",
            dependencies: [
                "KioskCore", "Threads", "CLinux", "CGPIODShim", "CI2C", "CDRM", "Pixels",
            ],
            swiftSettings: swiftSettings),

        // The PC "board": simulated chips on a simulated bus.
        .target(
            name: "Simulator", dependencies: ["KioskCore", "Devices", realModule],
            swiftSettings: swiftSettings),

        // toml++ (Debian's libtomlplusplus-dev) behind a small C API: a tree with line and
        // column on every table, key and value. Used header-only, so the Pi needs no runtime
        // package and only the parser is compiled in (about 85 KB of code); the one C++
        // file takes a few seconds to compile.
        .target(name: "CTOML"),
        // The parsed document as Swift values, each with its line and column.
        .target(name: "TOML", dependencies: ["CTOML"], swiftSettings: swiftSettings),

        // The config: its schema and checks, the document and its text edits, the file
        // and its last good copy, the board profiles.
        .target(
            name: "KioskConfig", dependencies: ["KioskCore", "TOML", "LinuxPlatform"],
            swiftSettings: swiftSettings),

        // The control socket: the typed protocol (commands and replies), the client, and the
        // server over LinuxPlatform's line server.
        .target(
            name: "KioskControl", dependencies: ["KioskCore", "LinuxPlatform"],
            swiftSettings: swiftSettings),

        // The displays as the kiosk drives them: a page in, a picture out (`PageDisplay`),
        // for every kind of display, and the catalog that opens the configured one.
        .target(
            name: "KioskDisplays",
            dependencies: [
                "KioskCore", "Pixels", "Rendering", "Devices", "Simulator", "LinuxPlatform",
            ],
            swiftSettings: swiftSettings),

        // The running kiosk: the engine around the reducer, its services and workers
        // (display, sensor, forecasts, files, buttons, MQTT, systemd), and the wiring.
        .target(
            name: "KioskDaemon",
            dependencies: [
                "KioskCore", "KioskConfig", "KioskControl", "KioskDisplays", "OpenMeteo",
                "METNorway", "Warnings", "CurlHTTP", "LinuxPlatform", "Threads", "Devices",
                "Simulator", "Pixels", "Rendering", "HomeAssistant", logging, serviceLifecycle,
                unixSignals,
            ],
            swiftSettings: swiftSettings),

        // The verbs' work, for the executable's arguments: config, city, forecast, sensor,
        // render, doctor, buttons, mqtt, and the commands to the running kiosk.
        .target(
            name: "KioskCommands",
            dependencies: [
                "KioskCore", "KioskConfig", "KioskControl", "KioskDisplays", "KioskDaemon",
                "OpenMeteo", "Warnings", "CurlHTTP", "LinuxPlatform", "Devices", "Simulator",
                "Pixels",
                "Rendering", "HomeAssistant",
            ],
            swiftSettings: swiftSettings),

        // The one executable: argument parsing only.
        .executableTarget(
            name: "weather-kiosk",
            dependencies: [
                "KioskCommands", "KioskDaemon", "KioskConfig", "KioskControl", "KioskCore",
                argumentParser, logging,
            ],
            swiftSettings: swiftSettings),

        // Benchmarks, outside Sources: `swift run -c release render-benchmark`.
        .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
        .executableTarget(
            name: "render-benchmark",
            dependencies: [
                "Rendering", "Pixels", "LinuxPlatform", "KioskCore", "AllocationCounter",
            ],
            path: "Benchmarks/RenderBenchmark", swiftSettings: swiftSettings),

        // Test support: the fake Open-Meteo server on loopback, a manual clock.
        .target(
            name: "KioskTesting",
            dependencies: [
                "KioskCore", "LinuxPlatform", "Threads", "KioskConfig", "KioskDisplays",
                "KioskDaemon", flyingSocks, realModule, logging,
            ],
            swiftSettings: swiftSettings),

        .testTarget(
            name: "LocalizationTests", dependencies: ["Localization"], exclude: ["Fixtures"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "WeatherModelTests", dependencies: ["WeatherModel", "Localization"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "KioskCoreTests", dependencies: ["KioskCore", "KioskTesting", "Localization"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "KioskConfigTests",
            dependencies: ["KioskConfig", "KioskCore", "KioskTesting", "LinuxPlatform"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "KioskControlTests",
            dependencies: ["KioskControl", "KioskCore", "KioskTesting", "LinuxPlatform"],
            swiftSettings: swiftSettings),
        // The GPIO shim alone: Tests/gpiod/v2-build.sh also runs it against libgpiod 2.x.
        .testTarget(name: "GPIODTests", dependencies: ["CGPIODShim"], swiftSettings: swiftSettings),
        .testTarget(
            name: "LinuxPlatformTests",
            dependencies: [
                "LinuxPlatform", "Threads", "KioskCore", "KioskTesting", "Pixels", "Rendering",
            ],
            exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(
            name: "KioskDisplaysTests",
            dependencies: [
                "KioskDisplays", "KioskConfig", "KioskCore", "KioskTesting", "Devices", "Simulator",
                "Pixels", "Rendering", "LinuxPlatform",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "KioskDaemonTests",
            dependencies: [
                "KioskDaemon", "KioskCommands", "KioskDisplays", "KioskConfig", "KioskControl",
                "KioskCore", "KioskTesting", "LinuxPlatform", "Devices", "Simulator", "Pixels",
                "Rendering", "OpenMeteo", logging,
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "KioskCommandsTests",
            dependencies: [
                "KioskCommands", "KioskDaemon", "KioskDisplays", "KioskConfig", "KioskControl",
                "KioskCore", "KioskTesting", "LinuxPlatform", "Devices", "Simulator", "Pixels",
                "Rendering", "OpenMeteo",
            ],
            swiftSettings: swiftSettings),
        // Runs the built binary; depends on it so that `swift test` builds it first.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "weather-kiosk", "KioskCommands", "KioskDaemon", "KioskConfig", "KioskControl",
                "KioskCore", "KioskTesting", "LinuxPlatform", "METNorway", "Rendering",
            ],
            swiftSettings: swiftSettings),
        // Fixtures are read from the source tree (#filePath) with FoundationEssentials:
        // a resource bundle's accessor would pull in full Foundation.
        .testTarget(
            name: "CurlHTTPTests", dependencies: ["CurlHTTP", "KioskCore", "KioskTesting"],
            exclude: ["Fixtures"], swiftSettings: swiftSettings),
        // Against a real mosquitto the tests start on a free loopback port.
        .testTarget(
            name: "HomeAssistantTests",
            dependencies: [
                "HomeAssistant", "KioskCommands", "KioskDaemon", "KioskConfig", "KioskControl",
                "KioskCore", "KioskTesting", "weather-kiosk", logging,
            ],
            exclude: ["Goldens", "HomeAssistantCore"], swiftSettings: swiftSettings),
        .testTarget(
            name: "DevicesTests", dependencies: ["Devices", "Simulator", "KioskCore"],
            exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SimulatorTests", dependencies: ["Simulator", "Devices", "KioskCore"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "OpenMeteoTests", dependencies: ["OpenMeteo", "KioskCore", "KioskTesting"],
            exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(
            name: "WarningsTests", dependencies: ["Warnings", "KioskCore", "KioskTesting"],
            exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(
            name: "METNorwayTests",
            dependencies: ["METNorway", "KioskCore", "KioskTesting", "CurlHTTP"],
            exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(
            name: "PixelsTests", dependencies: ["Pixels", "KioskCore"],
            swiftSettings: swiftSettings),
        // Golden PNGs are read from the source tree; RECORD_GOLDENS=1 rewrites them.
        .testTarget(
            name: "RenderingTests",
            dependencies: [
                "Rendering", "Pixels", "KioskCore", "KioskTesting", "METNorway", "OpenMeteo",
            ],
            exclude: ["Goldens"], swiftSettings: swiftSettings),
    ],
    // toml++ (the CTOML target) needs C++17.
    cxxLanguageStandard: .cxx17
)
