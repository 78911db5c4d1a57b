import Devices
import FoundationEssentials
import Glibc
import KioskConfig
import KioskControl
import KioskCore
import KioskDaemon
import KioskDisplays
import KioskTesting
import LinuxPlatform
import Logging
import Rendering
import Simulator
import Testing

/// The indoor page of the running engine, not of the demo data: the simulated BME280 on a
/// simulated bus, forecasts from the fake Open-Meteo (which gives the station an elevation),
/// a manual clock, and each display kind. The sea-level pressure in the live page model and
/// on every display must be the climate's (about 1013 hPa, 760 mmHg, 29.9 inHg), in the
/// configured unit.
@Suite struct LiveIndoorPageTests {
    /// Where the station's elevation comes from.
    enum ElevationSource: Sendable, CustomStringConvertible {
        /// `station.elevation` in the config.
        case configured
        /// Open-Meteo's elevation for the station, from the first forecast.
        case forecast

        var description: String { self == .configured ? "configured" : "forecast" }
    }

    /// The displays the live page goes to.
    enum Screen: Sendable, CustomStringConvertible {
        case pixels
        case lcd20x4
        case lcd16x2
        case oled64
        case oled32

        var description: String {
            switch self {
            case .pixels: "800x480 pixels"
            case .lcd20x4: "20x4 LCD"
            case .lcd16x2: "16x2 LCD"
            case .oled64: "128x64 OLED"
            case .oled32: "128x32 OLED"
            }
        }
    }

    /// The station: no place of the fake gazetteer is near, so the fake gives it
    /// 60 × 7 = 420 m.
    static let station = Coordinate(latitude: 60, longitude: 10)
    static let forecastElevation = 420.0
    static let configuredElevation = 250.0

    /// Sea-level pressure, Pa, that the climate produced the chip's station pressure from:
    /// its station pressure brought back up with the standard atmosphere it was brought down
    /// with (not with the kiosk's own reduction).
    static func climateSeaLevel(_ climate: SimulatedClimate, at time: Date) -> Double {
        let station = climate.conditions(at: time).pressure.pascals
        return station / pow(1 - 0.0065 * climate.elevation / 288.15, 5.255)
    }

    /// How far the kiosk's reduction (with the indoor temperature) may differ from the
    /// climate's standard atmosphere, in each unit: 3 hPa.
    static func tolerance(_ unit: PressureUnit) -> Double {
        switch unit {
        case .hectopascal: 3
        case .millimetresOfMercury: 2.3
        case .inchesOfMercury: 0.09
        }
    }

    static func expected(_ pascals: Double, in unit: PressureUnit) -> Double {
        switch unit {
        case .hectopascal: pascals / 100
        case .millimetresOfMercury: pascals / 133.322387415
        case .inchesOfMercury: pascals / 3386.38866667
        }
    }

    static let scenarios: [(PressureUnit, ElevationSource, Screen)] = PressureUnit.allCases
        .flatMap { unit in
            [Screen.pixels, .lcd20x4, .lcd16x2, .oled64, .oled32].map { (unit, .forecast, $0) }
                + [(unit, .configured, .pixels), (unit, .configured, .lcd20x4)]
        }

    @Test(arguments: scenarios)
    func theLiveIndoorPageShowsSeaLevelPressureInTheConfiguredUnit(
        unit: PressureUnit, source: ElevationSource, screen: Screen
    ) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let time = ManualTimeSource(
            wall: Date(timeIntervalSince1970: 1_795_000_000), utcOffsetSeconds: 0)
        let elevation = source == .configured ? Self.configuredElevation : Self.forecastElevation
        var configuration = KioskConfiguration()
        configuration.stateDirectory = directory.file("state")
        configuration.units.pressure = unit
        configuration.station.coordinate = Self.station
        configuration.station.elevation = source == .configured ? elevation : nil
        configuration.display.pages = [.indoor]
        configuration.sensor.kind = .simulated
        configuration.cities = FakeOpenMeteo.places.filter { $0.name == "Rome" }.prefix(1).map {
            City(name: $0.name, coordinate: $0.coordinate, geonameID: $0.id)
        }
        switch screen {
        case .pixels: configuration.display.kind = .png
        case .lcd20x4, .lcd16x2:
            configuration.display.kind = .hd44780
            configuration.display.columns = screen == .lcd20x4 ? 20 : 16
            configuration.display.rows = screen == .lcd20x4 ? 4 : 2
        case .oled64, .oled32:
            configuration.display.kind = .ssd1306
            configuration.display.height = screen == .oled64 ? 64 : 32
        }

        let climate = SimulatedClimate(elevation: elevation)
        let chip = SimulatedBME280(output: .climate(climate, now: { time.now().wall }))
        let bus = SimulatedI2CBus()
        bus.attach(chip, at: 0x76)
        let pixels = RecordingDisplay(size: PixelSize(width: 800, height: 480))
        let small =
            screen == .pixels ? nil : try SimulatedSmallDisplay(configuration: configuration)
        let fake = FakeOpenMeteo(now: { time.now().wall })
        var logger = Logger(label: "live-indoor")
        logger.logLevel = .critical
        let parts = KioskEngine.Parts(
            time: time, transport: InMemoryOpenMeteo(fake: fake),
            makeDisplay: { _, onFrame in
                DisplayWorker(
                    open: {
                        if let small {
                            SmallPageDisplay(small.display, simulated: small)
                        } else {
                            try PixelPageDisplay(pixels)
                        }
                    }, time: time, onFrame: onFrame)
            },
            makeSensor: { configuration in
                SensorWorker(
                    sensor: IndoorSensor(
                        device: bus.device(at: 0x76), settings: configuration.sensor))
            },
            files: FileWorker(), stateFiles: StateDirectoryStore(directory.file("state")),
            notifier: SystemdNotifier(environment: [:]),
            host: { HostInfo(name: "live", addresses: []) }, logger: logger, seed: 1)
        let engine = KioskEngine(
            start: KioskEngine.Start(
                configuration: configuration, configProblems: [],
                store: ConfigStore(explicitPath: directory.file("config.toml"), environment: [:]),
                restored: nil, history: IndoorHistory(), forecasts: []),
            parts: parts)
        let running = Task { await engine.run() }
        defer { running.cancel() }

        // The first reading and the first forecast (which makes the elevation known), and
        // a frame of the page as it is now.
        let ready = await waitFor(engine) {
            $0.sensor.readAt != nil && $0.forecast.fetchedAt != nil && $0.display.frame > 0
        }
        try #require(ready != nil, "the engine read the sensor, fetched and drew")
        #expect(ready?.units == configuration.units, "status names the units in use")
        let renderer = try PageRenderer()
        let grid = configuration.display.characterGrid
        let panel = configuration.display.panelSize
        let pixelSize = PixelSize(width: 800, height: 480)
        var model = await engine.currentPageModel()
        /// Whether the display shows `model` (the frame drawn from the live data).
        func displayShows(_ model: PageModel) throws -> Bool {
            switch small?.module {
            case nil:
                return try pixels.frames.last == renderer.render(model, size: pixelSize).image
            case .characters(let lcd):
                return lcd.frame.codes == CharacterPageLayout(size: grid).frame(for: model).codes
            case .bitmap(let oled):
                return try oled.panel == renderer.renderBitmap(model, size: panel)
            }
        }
        var matches = false
        for _ in 0..<2000 {
            model = await engine.currentPageModel()
            if try displayShows(model) {
                matches = true
                break
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(matches, "\(screen) shows the live page model")

        #expect(model.page == .indoor)
        #expect(model.units.pressure == unit)
        guard case .reading(let conditions) = model.indoor else {
            Issue.record("the live indoor page has no reading: \(model.indoor)")
            await engine.stop()
            return
        }
        let wanted = Self.expected(Self.climateSeaLevel(climate, at: time.now().wall), in: unit)
        let tolerance = Self.tolerance(unit)
        func isRight(_ value: Double?) -> Bool {
            guard let value else { return false }
            return abs(value - wanted) <= tolerance
        }

        // The page model.
        let modelValue = conditions.seaLevelPressure?.value(in: unit)
        #expect(isRight(modelValue), "model: \(modelValue ?? .nan) \(unit.symbol), want \(wanted)")
        let samples = conditions.history.compactMap { $0.pressure?.value(in: unit) }
        #expect(!samples.isEmpty && samples.allSatisfy(isRight), "history: \(samples)")

        // The text on the display, every step of the page.
        var shown: [String] = []
        switch small?.module {
        case nil:
            shown = try renderer.render(model, size: pixelSize).texts.map(\.text)
        case .characters(let lcd):
            let layout = CharacterPageLayout(size: grid)
            for step in 0..<layout.steps(for: model) {
                try await small?.display.show(model, step: step)
                shown += lcd.lines
            }
        case .bitmap:
            for step in 0..<renderer.steps(for: model, size: panel) {
                shown +=
                    try renderer.render(model, size: panel, mode: .monochrome, step: step).texts
                    .map(\.text)
            }
        }
        let numbers = shown.flatMap { Self.numbers(before: unit.symbol, in: $0) }
        #expect(!numbers.isEmpty, "\(screen) shows a pressure in \(unit.symbol): \(shown)")
        #expect(
            numbers.allSatisfy(isRight),
            "\(screen) shows \(numbers) \(unit.symbol), want \(wanted): \(shown)")
        await engine.stop()
        await running.value
    }

    /// The numbers written just before `symbol` ("1013 hPa", "1013hPa") in `text`.
    static func numbers(before symbol: String, in text: String) -> [Double] {
        var found: [Double] = []
        var rest = Substring(text)
        while let range = rest.firstRange(of: symbol) {
            var digits = rest[..<range.lowerBound]
            if digits.last == " " { digits = digits.dropLast() }
            let number = digits.reversed().prefix { $0.isNumber || $0 == "." || $0 == "-" }
            if let value = Double(String(number.reversed())) { found.append(value) }
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// Polls the engine's status until `condition` holds; nil when it never does (a
    /// safety net of 2,000 polls, not a timing assertion).
    private func waitFor(
        _ engine: KioskEngine, _ condition: (KioskStatus) -> Bool
    ) async -> KioskStatus? {
        for _ in 0..<2000 {
            let reply = await engine.control(ControlRequest(cmd: "status"))
            struct Reply: Decodable { var status: KioskStatus }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            if let status = try? decoder.decode(Reply.self, from: Data(reply)).status,
                condition(status)
            {
                return status
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }
}
