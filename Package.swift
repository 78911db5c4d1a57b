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
        .library(name: "OpenMeteo", targets: ["OpenMeteo"]),
        .library(name: "Devices", targets: ["Devices"]),
        .library(name: "Pixels", targets: ["Pixels"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "LinuxPlatform", targets: ["LinuxPlatform"]),
        .library(name: "KioskApp", targets: ["KioskApp"]),
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

        // Domain and pure logic: no I/O, no C.
        // RealModule gives it sin/log/exp without importing Glibc.
        .target(
            name: "KioskCore", dependencies: ["Localization", realModule],
            swiftSettings: swiftSettings),

        // Open-Meteo requests and decoding over KioskCore's HTTPTransport port.
        .target(name: "OpenMeteo", dependencies: ["KioskCore"], swiftSettings: swiftSettings),

        // libcurl, and the HTTPTransport adapter over it.
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(
            name: "CurlHTTP", dependencies: ["KioskCore", "CCurl"], swiftSettings: swiftSettings),

        // libmosquitto 2.0 (Home Assistant over MQTT), and the adapter over it: discovery,
        // state and commands, its network loop on a thread of its own.
        .systemLibrary(
            name: "CMosquitto", pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]),
        .target(
            name: "HomeAssistant", dependencies: ["KioskCore", "CMosquitto", logging],
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
            dependencies: ["KioskCore", "CLinux", "CGPIODShim", "CI2C", "CDRM", "Pixels"],
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
        .target(name: "TOML", dependencies: ["KioskCore", "CTOML"], swiftSettings: swiftSettings),

        // Services and wiring: config and state stores, the verbs' implementations.
        .target(
            name: "KioskApp",
            dependencies: [
                "KioskCore", "OpenMeteo", "CurlHTTP", "LinuxPlatform", "Devices", "Simulator",
                "Pixels", "Rendering", "TOML", "HomeAssistant", logging, serviceLifecycle,
                unixSignals,
            ],
            swiftSettings: swiftSettings),

        // The one executable: argument parsing only.
        .executableTarget(
            name: "weather-kiosk",
            dependencies: ["KioskApp", "KioskCore", argumentParser, logging],
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
            dependencies: ["KioskCore", "LinuxPlatform", flyingSocks, realModule],
            swiftSettings: swiftSettings),

        .testTarget(
            name: "KioskCoreTests", dependencies: ["KioskCore", "KioskTesting", "Localization"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "LocalizationTests", dependencies: ["Localization"], exclude: ["Fixtures"],
            swiftSettings: swiftSettings),
        // The GPIO shim alone: Tests/gpiod/v2-build.sh also runs it against libgpiod 2.x.
        .testTarget(name: "GPIODTests", dependencies: ["CGPIODShim"], swiftSettings: swiftSettings),
        .testTarget(
            name: "LinuxPlatformTests",
            dependencies: ["LinuxPlatform", "KioskCore", "KioskTesting", "Pixels", "Rendering"],
            exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(
            name: "KioskAppTests",
            dependencies: [
                "KioskApp", "KioskCore", "KioskTesting", "LinuxPlatform", "Devices", "Simulator",
                "Pixels", "Rendering", "OpenMeteo", logging,
            ],
            swiftSettings: swiftSettings),
        // Runs the built binary; depends on it so that `swift test` builds it first.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "weather-kiosk", "KioskApp", "KioskCore", "KioskTesting", "LinuxPlatform",
                "Rendering",
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
                "HomeAssistant", "KioskApp", "KioskCore", "KioskTesting", "weather-kiosk",
                logging,
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
            name: "PixelsTests", dependencies: ["Pixels", "KioskCore"],
            swiftSettings: swiftSettings),
        // Golden PNGs are read from the source tree; RECORD_GOLDENS=1 rewrites them.
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "Pixels", "KioskCore", "KioskTesting"],
            exclude: ["Goldens"], swiftSettings: swiftSettings),
    ],
    // toml++ (the CTOML target) needs C++17.
    cxxLanguageStandard: .cxx17
)
