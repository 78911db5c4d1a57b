// swift-tools-version: 6.2
// The fuzz targets: a package of their own, so that `swift build` and `swift test` of the
// kiosk never compile them. Build and run them with `Tests/fuzz/run.sh` (libFuzzer and
// AddressSanitizer, `-D FUZZING`); a plain `swift build --package-path Fuzz` gives the same
// executables without sanitizers, which replay the files given on the command line.

import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let kioskCore = Target.Dependency.product(name: "KioskCore", package: "weather-kiosk")
let localization = Target.Dependency.product(name: "Localization", package: "weather-kiosk")
let openMeteo = Target.Dependency.product(name: "OpenMeteo", package: "weather-kiosk")
let warnings = Target.Dependency.product(name: "Warnings", package: "weather-kiosk")
let metNorway = Target.Dependency.product(name: "METNorway", package: "weather-kiosk")
let devices = Target.Dependency.product(name: "Devices", package: "weather-kiosk")
let rendering = Target.Dependency.product(name: "Rendering", package: "weather-kiosk")
let linuxPlatform = Target.Dependency.product(name: "LinuxPlatform", package: "weather-kiosk")
let kioskConfig = Target.Dependency.product(name: "KioskConfig", package: "weather-kiosk")
let kioskControl = Target.Dependency.product(name: "KioskControl", package: "weather-kiosk")
let kioskCommands = Target.Dependency.product(name: "KioskCommands", package: "weather-kiosk")

/// One executable per fuzz target: its name, what it depends on.
let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
    ("fuzz-forecast-json", [openMeteo, kioskCore, rendering]),
    ("fuzz-geocoding-json", [openMeteo, kioskCore]),
    ("fuzz-locationforecast-json", [metNorway, kioskCore, rendering]),
    ("fuzz-config-toml", [kioskConfig, kioskCore]),
    ("fuzz-i2cdump", [devices, kioskCore]),
    ("fuzz-control-line", [kioskControl, kioskCommands, kioskCore]),
    ("fuzz-evdev", [linuxPlatform, kioskCore]),
    ("fuzz-character-pages", ["FuzzedPages", rendering, kioskCore]),
    ("fuzz-oled-pages", ["FuzzedPages", rendering, kioskCore]),
    ("fuzz-nws-json", [warnings, kioskCore]),
    ("fuzz-metalerts-json", [warnings, kioskCore]),
    ("fuzz-brightsky-json", [warnings, kioskCore]),
    ("fuzz-message-catalog", [localization]),
]

let package = Package(
    name: "weather-kiosk-fuzz",
    dependencies: [.package(name: "weather-kiosk", path: "..")],
    targets: [
        // LLVMFuzzerRunDriver, libFuzzer's entry point for a program with its own main.
        .target(name: "CFuzzerDriver"),
        // The main of every target: libFuzzer with -D FUZZING, a file replayer without.
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"], swiftSettings: swiftSettings),
        // Page models built from fuzzed bytes, for the two layout targets.
        .target(
            name: "FuzzedPages", dependencies: ["FuzzSupport", kioskCore, rendering],
            swiftSettings: swiftSettings),
    ]
        + fuzzTargets.map { target in
            .executableTarget(
                name: target.name, dependencies: ["FuzzSupport"] + target.dependencies,
                swiftSettings: swiftSettings)
        }
)
