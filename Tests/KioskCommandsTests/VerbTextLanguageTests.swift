import FoundationEssentials
import KioskControl
import KioskCore
import KioskDaemon
import Testing

@testable import KioskCommands

/// Issue 33: the verbs' text in each language, on the same recorded answer and readings as
/// the English tests.
@Suite struct VerbTextLanguageTests {
    @Test func forecastTextInGermanHasItsWordsAndDecimalCommas() throws {
        let now = ForecastSkyJSONTests.local("2026-10-04T10:00")
        let text = ForecastText.render(
            name: "Enschede", entry: try ForecastSkyJSONTests.entry(fetchedAt: now), now: now,
            units: Units(), language: .de)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  Jetzt  ") }, "\(text)")
        #expect(text.contains(#/ [0-9]+,[0-9] mm/#), "a decimal comma in \(text)")
        #expect(lines.contains { $0.hasPrefix("  Heute ") }, "\(text)")
        #expect(
            lines.contains { $0.hasPrefix("  Sonne: Aufgang ") && $0.contains(" Tageslicht (") })
        #expect(lines.contains { $0.hasPrefix("  Mond: ") && $0.contains(" % beleuchtet") })
        #expect(lines.contains { $0.hasPrefix("  aktualisiert ") })
        let english = ForecastText.render(
            name: "Enschede", entry: try ForecastSkyJSONTests.entry(fetchedAt: now), now: now,
            units: Units())
        #expect(english.contains("\n  Now    ") && english.contains("\n  Today "))
    }

    @Test func forecastAirLineInGermanHasTheLQIItsBandDecimalCommasAndThePlants() {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let coordinate = Coordinate(latitude: 52.22, longitude: 6.89)
        let air = AirQualityConditions(
            time: now, europeanAQI: 44, usAQI: 65,
            pm25: MassConcentration(microgramsPerCubicMetre: 8.14),
            nitrogenDioxide: MassConcentration(microgramsPerCubicMetre: 11.2),
            uvIndex: UVIndex(2.4), pollen: [PollenCount(.birch, grainsPerCubicMetre: 2.46)])
        let entry = AirQualityEntry(
            coordinate: coordinate, fetchedAt: now,
            forecast: AirQualityForecast(coordinate: coordinate, current: air))
        #expect(
            ForecastText.airLine(entry, scale: .european, language: .de)
                == "Luft: Europäischer LQI 44, Mäßig · PM2.5 8,1 µg/m³ · NO₂ 11 µg/m³ · UV 2 · Pollen: Birke 2,5 Körner/m³"
        )
        #expect(
            ForecastText.airLine(entry, scale: .us, language: .es)?.hasPrefix(
                "Aire: ICA de EE. UU. 65, Moderada · PM2.5 8,1 µg/m³") == true)
        #expect(
            ForecastText.airLine(entry, scale: .european)
                == "Air: European AQI 44, Moderate · PM2.5 8.1 µg/m³ · NO₂ 11 µg/m³ · UV 2 · pollen: Birch 2.5 grains/m³"
        )
    }

    @Test func sensorTextInItalian() {
        let reading = SensorReading(
            chip: .bme280, time: Date(timeIntervalSince1970: 1_764_000_000),
            temperature: Temperature(celsius: 21.46), humidity: 45.25,
            pressure: Pressure(pascals: 101_325))
        let text = SensorText.reading(
            reading, location: "I2C bus 1 at 0x76", elevation: .configured(120), units: Units(),
            language: .it)
        #expect(text.hasPrefix("BME280 su I2C bus 1 at 0x76\n"), "\(text)")
        #expect(text.contains(#/\n  Temperatura +21,5 °C\n/#), "\(text)")
        #expect(text.contains("  Umidità "), "\(text)")
        #expect(text.contains("1013,3 hPa alla stazione"), "\(text)")
        #expect(text.contains("(altitudine 120 m, da station.elevation)"), "\(text)")
        let values = SensorValues(
            temperature: Temperature(celsius: 6.14), humidity: 81.25,
            pressure: Pressure(pascals: 99_870))
        #expect(SensorText.values(values, units: Units()) == "6.1 °C, 81.3 %, 998.7 hPa")
        #expect(
            SensorText.values(values, units: Units(), language: .es) == "6,1 °C, 81,3 %, 998,7 hPa")
        let line = SensorText.line(reading, elevation: .unknown, units: Units(), language: .fr)
        #expect(line.contains("21,5 °C  45,3 %") && line.contains("niveau de la mer inconnu"))
    }

    @Test func doctorFindingsKeepEnglishForJSONAndTranslateForText() throws {
        let finding = DoctorCommands.languageFinding(
            LanguageChoice(.it, source: .environment(variable: "LANG", value: "it_IT.UTF-8")))
        #expect(finding.message.hasPrefix("Italiano (it), from LANG=it_IT.UTF-8;"))
        #expect(finding.message(in: .it).hasPrefix("Italiano (it), da LANG=it_IT.UTF-8;"))
        let json = try JSONText.encode(finding)
        #expect(json.contains("from LANG=it_IT.UTF-8") && !json.contains("translations"))
    }

    @Test func statusConfigLineAndWarningsInTheLanguage() {
        let refused = KioskStatus.Config(
            path: "/etc/weather-kiosk/config.toml", problems: ["line 3: bad"],
            lastGood: "/var/lib/weather-kiosk/config.good.toml",
            restartPending: ["control.socket"])
        #expect(
            ControlCommands.describeConfig(refused)
                == "/etc/weather-kiosk/config.toml was refused; the kiosk runs on its last good copy, /var/lib/weather-kiosk/config.good.toml:\nline 3: bad\ncontrol.socket takes effect after a restart; the kiosk keeps the value it started with"
        )
        let spanish = ControlCommands.describeConfig(refused, .es)
        #expect(spanish.hasPrefix("/etc/weather-kiosk/config.toml fue rechazada; el kiosco "))
        #expect(
            spanish.hasSuffix(
                "\ncontrol.socket surte efecto tras un reinicio; el kiosco mantiene el valor con el que arrancó"
            ))

        let berlin = City(
            name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.41),
            countryCode: "DE")
        #expect(
            WarningCommands.describe([], places: [berlin], unavailable: [])
                == "Berlin: no warnings from DWD")
        #expect(
            WarningCommands.describe([], places: [berlin], unavailable: [], language: .de)
                == "Berlin: keine Warnungen von DWD")
    }

    @Test func statusSaysTheScreensPowerInTheLanguage() {
        let status = KioskStatus(
            version: "0.1.0", uptimeSeconds: 60, board: "raspberry-pi-4",
            display: .init(
                kind: "framebuffer", size: "800x480", power: "dim", frame: 12, error: nil),
            showing: .init(page: "city", city: "Rome", cityNumber: 1, pausedSeconds: nil),
            cities: ["Rome"], recentCities: [],
            forecast: .init(
                fetchedAt: nil, stale: false, error: nil, nextRefreshSeconds: 60, failures: 0),
            sensor: .init(
                kind: "bme280", chip: "bme280", temperature: Temperature(celsius: 21.43),
                humidity: 45.2, pressure: Pressure(pascals: 100_512)),
            config: .init(path: "/etc/weather-kiosk/config.toml", problems: []))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let italian = ControlCommands.describe(status, now: now, language: .it)
        #expect(italian.contains("framebuffer 800x480 · attenuato · "), "\(italian)")
        let english = ControlCommands.describe(status, now: now)
        #expect(english.contains("framebuffer 800x480 · dim · "), "\(english)")
    }
}
