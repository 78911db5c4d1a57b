import FoundationEssentials
public import KioskCore

/// The pages as text for character LCDs (16×2, 20×2, 16×4, 20×4, 40×2): the same content as the
/// pixel pages, fitted to the grid. A 20×4 shows a page on one screen; a 16×2 shows it in
/// several steps (the city page: name and time with the current weather, then the details,
/// then the next days).
///
/// The daemon asks `steps(for:)` how many steps a page has and shows them one after the
/// other within the page's time on screen (`StepSchedule`); `frame(for:step:)` gives the
/// frame of each. Pure: no I/O, the same model gives the same frames.
public struct CharacterPageLayout: Sendable {
    /// The grid the frames are for.
    public let size: CharacterGridSize

    /// A layout for `size`.
    public init(size: CharacterGridSize) { self.size = size }

    /// How many screens the page takes at this size, at least 1.
    public func steps(for model: PageModel) -> Int {
        max(1, CharacterScreens(size: size).screens(page(model)).count)
    }

    /// The frame of step `step` (0-based, taken modulo `steps(for:)`).
    public func frame(for model: PageModel, step: Int = 0) -> CharacterFrame {
        let screens = CharacterScreens(size: size)
        let all = screens.screens(page(model))
        guard !all.isEmpty else { return CharacterFrame(size: size) }
        return screens.frame(all[((step % all.count) + all.count) % all.count])
    }

    /// Every frame of the page, in order.
    public func frames(for model: PageModel) -> [CharacterFrame] {
        let screens = CharacterScreens(size: size)
        return screens.screens(page(model)).map(screens.frame)
    }

    // MARK: Pages

    private func page(_ model: PageModel) -> CharacterPage {
        let text = CharacterPageText(model: model)
        switch model.page {
        // A character LCD has no room for a dashboard: the city page is its summary.
        case .city, .dashboard: return text.city()
        case .hourly: return text.hourly()
        case .indoor: return text.indoor()
        case .map: return text.favourites()
        case .sky: return text.sky()
        case .air: return text.air()
        case .empty: return text.empty()
        case .warning: return text.warningPage()
        }
    }
}

/// What each page says, as lines with variants.
struct CharacterPageText {
    let model: PageModel
    var values: ValueText { ValueText(units: model.units, language: model.language) }

    func t(_ text: String) -> CharacterToken { .text(text) }

    /// The language the display speaks; the ROM spells what it lacks (`Transliteration`).
    var language: Language { model.language }

    /// "14:05" in the kiosk's time, with "!" before it when there are notices.
    private func clock(_ local: LocalDateTime) -> CharacterLine {
        let text = local.clockText(model.units.clock, language: model.language)
            .replacing(" ", with: "")
        return (model.notices.isEmpty ? [] : [t("!")]) + [t(text)]
    }

    private var kioskClock: CharacterLine {
        clock(LocalDateTime(model.now, utcOffsetSeconds: model.kioskUTCOffsetSeconds))
    }

    private func icon(_ code: WeatherCode?, isDay: Bool) -> CharacterToken {
        guard let code, let icon = CharacterIcon(code.icon, isDay: isDay) else { return t("?") }
        return .icon(icon)
    }

    /// The place's name, after "!" while it has a warning: the character displays' marker.
    func cityTitle(_ weather: CityWeather) -> [CharacterLine] {
        [[t(model.warning.map { _ in "!" + weather.displayName } ?? weather.displayName)]]
    }

    func cityClock(_ weather: CityWeather) -> CharacterLine {
        guard let forecast = weather.forecast else { return kioskClock }
        return clock(forecast.localTime(at: model.now))
    }

    // MARK: City

    func city() -> CharacterPage {
        guard let weather = model.city else { return empty() }
        let forecast = weather.forecast
        let current = forecast?.current
        let now = CharacterSection { width, _ in
            let glyph = icon(current?.weatherCode, isDay: current?.isDay ?? true)
            let temperature = t(values.temperature(current?.temperature))
            let condition = current?.weatherCode
            let isDay = current?.isDay ?? true
            let variants: [CharacterLine] = [
                [
                    glyph, temperature,
                    t(
                        " "
                            + (condition?.condition(isDay: isDay, language: language)
                                ?? language.localized("No data yet"))),
                ],
                [
                    glyph, temperature,
                    t(
                        " "
                            + (condition?.shortCondition(isDay: isDay, language: language)
                                ?? language.localized("No data"))),
                ],
                [glyph, temperature],
            ]
            return [CharacterFit.line(variants, width: width)]
        }
        let details = CharacterSection { width, budget in
            let feels = values.temperature(current?.apparentTemperature)
            let humidity = values.percent(current?.relativeHumidity).replacing(" ", with: "")
            let speed = values.wind(
                current?.windSpeed, direction: current?.windDirection)
            let windWithUnit = speed
            let wind = speed.replacing(" \(model.units.wind.symbol)", with: "")
            if budget >= 2 {
                return [
                    CharacterFit.line(
                        [
                            [t("Feels \(feels) RH \(humidity)")],
                            [t("Feels \(feels) \(humidity)")],
                        ], width: width),
                    CharacterFit.line(
                        [[t("Wind \(windWithUnit)")], [t("Wind \(wind)")], [t(wind)]],
                        width: width),
                ]
            }
            return [
                CharacterFit.line(
                    [
                        [t("RH \(humidity) \(windWithUnit)")],
                        [t("RH\(humidity) \(windWithUnit)")],
                        [t("RH\(humidity) \(wind)")],
                        [t("RH\(humidity)")],
                    ], width: width)
            ]
        }
        let days = CharacterSection { width, budget in
            let upcoming = forecast?.upcomingDays(after: model.now, count: 3) ?? []
            guard !upcoming.isEmpty else { return [[t(language.localized("No daily forecast"))]] }
            let items = upcoming.map { day -> [CharacterLine] in
                let name = String(day.date.weekdayName(.abbreviated, language: language).prefix(2))
                let glyph = icon(day.weatherCode, isDay: true)
                let high = values.temperature(day.temperatureMax)
                let low = values.temperature(day.temperatureMin)
                let bareHigh = high.replacing("°", with: "")
                let bareLow = low.replacing("°", with: "")
                return [
                    [t(name), glyph, t("\(bareHigh)/\(bareLow)")],
                    [t(name), glyph, t(high)],
                    [t(name), glyph, t(bareHigh)],
                    [glyph, t(bareHigh)],
                ]
            }
            return CharacterFit.pack(items, width: width, maxLines: budget)
        }
        return CharacterPage(
            title: cityTitle(weather), clock: cityClock(weather),
            sections: [now, details, days] + credit([weather]))
    }

    /// The credit MET Norway's licence asks for, on a line of its own after the page's
    /// lines ("Data from MET Norway" on 20 columns, "Data: MET Norway" on 16): the numbers
    /// keep their lines, and the credit takes the next screen where there is none left.
    func credit(_ places: [CityWeather]) -> [CharacterSection] {
        var providers: [ForecastProviderID] = []
        for place in places {
            if let provider = place.creditedProvider, !providers.contains(provider) {
                providers.append(provider)
            }
        }
        return providers.map { provider in
            CharacterSection { width, _ in
                [CharacterFit.line(provider.characterCredits.map { [t($0)] }, width: width)]
            }
        }
    }

    // MARK: Hourly

    func hourly() -> CharacterPage {
        guard let weather = model.city else { return empty() }
        let forecast = weather.forecast
        let hours = forecast?.upcomingHours(from: model.now, count: 24) ?? []
        let list = CharacterSection(isList: true) { width, _ in
            guard let forecast, !hours.isEmpty else {
                return [[t(language.localized("No hourly forecast"))]]
            }
            // Every third hour from the next full hour: eight entries over the day.
            let picked = hours.dropFirst().enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
            let items = picked.map { hour -> [CharacterLine] in
                let local = forecast.localTime(at: hour.time)
                let label: String
                switch model.units.clock {
                case .twentyFourHour: label = local.hour < 10 ? "0\(local.hour)" : "\(local.hour)"
                case .twelveHour:
                    let twelve = local.hour % 12 == 0 ? 12 : local.hour % 12
                    label = "\(twelve)\(local.hour < 12 ? "a" : "p")"
                }
                let glyph = icon(hour.weatherCode, isDay: hour.isDay ?? true)
                let temperature = values.temperature(hour.temperature)
                return [
                    [t(label), glyph, t(temperature)],
                    [t(label), glyph, t(temperature.replacing("°", with: ""))],
                ]
            }
            return CharacterFit.pack(items, width: width, maxLines: Int.max)
        }
        return CharacterPage(
            title: [[t(weather.displayName + " hourly")], [t(weather.displayName)]],
            clock: cityClock(weather), sections: [list] + credit([weather]))
    }

    // MARK: Indoor

    func indoor() -> CharacterPage {
        let title: [CharacterLine] = [[t(language.localized("Indoor"))]]
        switch model.indoor {
        case .noSensor where !sensorSections().isEmpty:
            return CharacterPage(title: title, clock: kioskClock, sections: sensorSections())
        case .noSensor:
            let message = CharacterSection { width, budget in
                Array(
                    CharacterFit.wrap("No sensor: sensor.kind is \"none\"", width: width)
                        .prefix(budget))
            }
            return CharacterPage(title: title, clock: kioskClock, sections: [message])
        case .failed(let reason):
            let message = CharacterSection(isList: true) { width, _ in
                [CharacterFit.line([[t("Sensor unavailable")], [t("Sensor error")]], width: width)]
                    + CharacterFit.wrap(reason, width: width).prefix(3)
            }
            return CharacterPage(title: title, clock: kioskClock, sections: [message])
        case .reading(let conditions):
            return CharacterPage(
                title: title, clock: kioskClock, sections: indoorSections(conditions))
        }
    }

    private func indoorSections(_ conditions: IndoorConditions) -> [CharacterSection] {
        let reading = conditions.reading
        let unit = model.units.temperature
        let temperature = WeatherFormat.temperature(
            reading.temperature, in: unit, digits: 1, language: model.language)
        let humidity = reading.humidity.map {
            WeatherFormat.percent($0, language: model.language).replacing(" ", with: "")
        }
        let dewPoint = conditions.dewPoint.map {
            WeatherFormat.temperature($0, in: unit, language: model.language)
        }
        let climate = CharacterSection { width, _ in
            var line: CharacterLine = [.icon(.thermometer), t(temperature)]
            if let humidity { line += [t(" "), .icon(.drop), t(humidity)] }
            return [CharacterFit.line([line], width: width)]
        }
        let pressure = CharacterSection { width, budget in
            let value = values.pressure(conditions.seaLevelPressure ?? reading.pressure)
            let trend: [CharacterLine]
            switch conditions.tendency {
            case .rising: trend = [[.icon(.rising), t("rising")], [.icon(.rising)]]
            case .falling: trend = [[.icon(.falling), t("falling")], [.icon(.falling)]]
            case .steady: trend = [[.codes([0x7E]), t("steady")], [.codes([0x7E])]]
            case nil: trend = [[]]
            }
            var lines = [
                CharacterFit.line(
                    trend.map { [t(value + " ")] + $0 } + [[t(value)]], width: width)
            ]
            if budget >= 2, let dewPoint {
                lines.append(CharacterFit.line([[t("Dew point \(dewPoint)")]], width: width))
            }
            return lines
        }
        // With one line per section (20×4, 40×2) the dew point has a line of its own; a 16×2
        // shows it under the pressure.
        let dew = CharacterSection { width, budget in
            guard budget < 2, let dewPoint else { return [] }
            return [
                CharacterFit.line(
                    [[t("Dew point \(dewPoint)")], [t("Dew \(dewPoint)")]], width: width)
            ]
        }
        return [climate, pressure, dew] + sensorSections()
    }

    /// The [[sensors]]' lines: "CO2 893 ppm good" (shorter where it must be), "Outdoor 5.6°".
    private func sensorSections() -> [CharacterSection] {
        var sections: [CharacterSection] = []
        let board = model.sensors
        let carbonDioxide = board.lazy.filter { $0.entry.role == .indoor }
            .compactMap(\.values?.carbonDioxide).first
        if let co2 = carbonDioxide {
            let ppm = Int(co2.partsPerMillion.rounded())
            let band = co2.band.rawValue
            sections.append(
                CharacterSection { width, budget in
                    // A 16×2 has no room for "CO2 1450 ventilate": the band takes a line.
                    if budget >= 2, "CO2 \(ppm) \(band)".count > width {
                        return [
                            CharacterFit.line(
                                [[t("CO2 \(ppm) ppm")], [t("CO2 \(ppm)")]], width: width),
                            CharacterFit.line([[t(band)]], width: width),
                        ]
                    }
                    return [
                        CharacterFit.line(
                            [
                                [t("CO2 \(ppm) ppm \(band)")], [t("CO2 \(ppm) \(band)")],
                                [t("CO2 \(ppm)")],
                            ],
                            width: width)
                    ]
                })
        }
        if let outdoor = board.first(where: {
            $0.entry.role == .outdoor && $0.values?.temperature != nil
        }),
            let temperature = outdoor.values?.temperature
        {
            let value = WeatherFormat.temperature(
                temperature, in: model.units.temperature, digits: 1, language: model.language)
            sections.append(
                CharacterSection { width, _ in
                    [
                        CharacterFit.line(
                            [[t("Outdoor \(value)")], [t("Out \(value)")]], width: width)
                    ]
                })
        }
        return sections
    }

    // MARK: Favourites

    func favourites() -> CharacterPage {
        let list = CharacterSection(isList: true) { width, _ in
            model.favourites.map { weather in
                let now = weather.conditionsNow(at: model.now)
                let right: CharacterLine = [
                    icon(now.weatherCode, isDay: now.isDay), t(values.temperature(now.temperature)),
                ]
                return CharacterFit.line([[t(weather.displayName)]], right: right, width: width)
            }
        }
        return CharacterPage(
            title: [[t(language.localized("Favourites"))]], clock: kioskClock,
            sections: [list] + credit(model.favourites))
    }

    // MARK: Empty

    /// A severe or extreme warning: "!" and the place, the event, until when, who says so.
    func warningPage() -> CharacterPage {
        guard let weather = model.city, let warning = model.warningPage else { return empty() }
        let text = CharacterSection(isList: true) { width, _ in
            [
                CharacterFit.line([[t(warning.event)]], width: width),
                CharacterFit.line([[t(warning.period)]], width: width),
                CharacterFit.line(
                    [
                        [t(warning.official ? "from " + warning.sourceName : "kiosk's reading")],
                        [t(warning.official ? warning.sourceName : "not official")],
                    ], width: width),
            ]
        }
        return CharacterPage(
            title: [[t("!" + weather.displayName)]], clock: cityClock(weather), sections: [text])
    }

    func empty() -> CharacterPage {
        let host = model.host
        let address = host.addresses.first ?? (host.name.isEmpty ? "KIOSK" : host.name)
        let text = CharacterSection(isList: true) { width, _ in
            var lines = [
                CharacterFit.line([[t("Add one over SSH:")], [t("Add over SSH:")]], width: width),
                CharacterFit.line([[t("ssh \(address)")]], width: width),
            ]
            let command = "weather-kiosk city add NAME"
            if command.count <= width {
                lines.append([t(command)])
            } else {
                lines += [[t("weather-kiosk")], [t("city add NAME")]]
            }
            return lines
        }
        return CharacterPage(
            title: [[t("No favourites yet")], [t("No favourites")], [t("No cities")]],
            clock: kioskClock, sections: [text])
    }
}
