public import FoundationEssentials
public import KioskCore

/// Bundled sample data: a fixed instant, five favourites spread over the globe with four
/// days of forecast each, and a day of indoor readings. Deterministic (no clock, no random
/// numbers), so `render --demo` works on a fresh machine without network and the golden
/// images are stable.
public enum DemoData {
    /// The instant every demo page shows: 2026-11-22 14:05 UTC.
    public static let now = LocalDateTime(
        date: LocalDate(year: 2026, month: 11, day: 22), hour: 14, minute: 5
    ).instant(utcOffsetSeconds: 0)

    /// The kiosk's own offset: Berlin in winter, UTC+1.
    public static let kioskUTCOffsetSeconds = 3600

    /// When the demo forecasts were fetched: 11 minutes before `now`.
    public static let fetchedAt = now.addingTimeInterval(-11 * 60)

    /// The demo kiosk's name and addresses.
    public static let host = HostInfo(
        name: "weather-kiosk", addresses: ["192.168.1.42", "fd00::42"],
        addCityCommand: "sudo weather-kiosk city add Rome")

    /// The five favourites with their forecasts, in display order.
    public static var favourites: [CityWeather] {
        cities.map { sample in
            CityWeather(city: sample.city, forecast: forecast(sample), fetchedAt: fetchedAt)
        }
    }

    /// A page of the demo data; `cityIndex` picks the favourite (0-based) the city and
    /// hourly pages show.
    public static func model(
        page: PageKind, cityIndex: Int = 0, theme: Theme = .dark, units: Units = Units(),
        notices: [PageNotice] = [], language: Language = .en
    ) -> PageModel {
        let favourites = self.favourites
        let city = favourites[min(max(0, cityIndex), favourites.count - 1)]
        var model = PageModel(
            page: page, now: now, kioskUTCOffsetSeconds: kioskUTCOffsetSeconds,
            language: language, units: units,
            theme: theme, city: page == .empty ? nil : city,
            favourites: page == .empty ? [] : favourites, indoor: indoor, notices: notices,
            host: host)
        if page == .air {
            let index = min(max(0, cityIndex), favourites.count - 1)
            model.city?.airQuality = airQuality(cities[index], index: index)
        }
        if page == .warning {
            let warnings = [warning(for: city)]
            let offset = city.forecast?.utcOffsetSeconds ?? kioskUTCOffsetSeconds
            model.warning = PageWarning(
                warnings, at: now, utcOffsetSeconds: offset, clock: units.clock, language: language)
            model.warningPage = WarningPageContent(
                warnings, place: city.displayName, at: now, utcOffsetSeconds: offset,
                clock: units.clock, language: language)
        }
        return model
    }

    /// The demo's warning of `city`: an official one where a service covers it (New York's
    /// from the NWS), else the kiosk's own reading of the forecast.
    static func warning(for city: CityWeather) -> WeatherWarning {
        guard city.city.country == "United States" else {
            return WeatherWarning(
                id: "derived:thunderstorm", place: city.city.name, source: .derived,
                event: "Thunderstorms with hail", severity: .severe,
                headline: "Thunderstorms with hail (the kiosk's reading of the forecast)",
                description: "Not an official warning: the kiosk read this from the forecast.",
                onset: now.addingTimeInterval(3 * 3600), ends: now.addingTimeInterval(7 * 3600))
        }
        return WeatherWarning(
            id: "urn:oid:demo.blizzard", place: city.city.name, source: .nws,
            event: "Blizzard Warning", severity: .extreme, headline: "Blizzard Warning",
            description: "Heavy snow and winds gusting to 60 mph.",
            instruction:
                "Travel could be very difficult to impossible. If you must travel, keep an extra flashlight, food and water in your vehicle in case of an emergency.",
            onset: now.addingTimeInterval(-3600), ends: now.addingTimeInterval(20 * 3600))
    }

    /// The demo favourites' names, for `--city`.
    public static var cityNames: [String] { cities.map(\.city.name) }

    /// A day of readings from a BME280 every ten minutes, pressure falling.
    public static var indoor: IndoorState {
        let samples = (0...144).map { step -> IndoorSample in
            let hoursAgo = Double(144 - step) / 6
            let time = now.addingTimeInterval(-hoursAgo * 3600)
            let localHour = (14.0 + 1.0 - hoursAgo + 48).truncatingRemainder(dividingBy: 24)
            let temperature =
                20.6 + 0.9 * cosine((localHour - 17) / 24 * 2 * .pi)
                + 0.12 * sine(Double(step) * 0.21)
            let humidity =
                48 - 2.5 * cosine((localHour - 17) / 24 * 2 * .pi) + 0.8 * sine(Double(step) * 0.13)
            let pressure = 1014.2 + 4.4 * hoursAgo / 24 + 0.3 * sine(Double(step) * 0.09)
            return IndoorSample(
                time: time, temperature: Temperature(celsius: rounded(temperature, 2)),
                humidity: rounded(humidity, 2),
                pressure: Pressure(hectopascals: rounded(pressure, 2)))
        }
        let last = samples[samples.count - 1]
        let reading = SensorReading(
            chip: .bme280, time: now, temperature: last.temperature, humidity: last.humidity,
            pressure: Pressure(pascals: 100_990))
        return .reading(
            IndoorConditions(
                reading: reading, seaLevelPressure: last.pressure,
                dewPoint: Temperature(celsius: 9.1), tendency: .falling, history: samples))
    }

    private static func rounded(_ value: Double, _ digits: Int) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
