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

    var kioskClock: CharacterLine {
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
            // TRANSLATORS: the character LCD's city page, "Feels 12° RH 81%": the feels-like
            // temperature's label and relative humidity's abbreviation, both short.
            let feelsLabel = language.localized("Feels", context: "LCD: feels-like temperature")
            let rh = language.localized("RH", context: "LCD: relative humidity")
            let windLabel = language.localized("Wind")
            if budget >= 2 {
                return [
                    CharacterFit.line(
                        [
                            [t("\(feelsLabel) \(feels) \(rh) \(humidity)")],
                            [t("\(feelsLabel) \(feels) \(humidity)")],
                        ], width: width),
                    CharacterFit.line(
                        [
                            [t("\(windLabel) \(windWithUnit)")], [t("\(windLabel) \(wind)")],
                            [t(wind)],
                        ],
                        width: width),
                ]
            }
            return [
                CharacterFit.line(
                    [
                        [t("\(rh) \(humidity) \(windWithUnit)")],
                        [t("\(rh)\(humidity) \(windWithUnit)")],
                        [t("\(rh)\(humidity) \(wind)")],
                        [t("\(rh)\(humidity)")],
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
    /// lines ("Data from MET Norway" on 20 columns, "Data: MET Norway" on 16), then CAMS's
    /// where the page shows air quality (`airQuality`: "Air: Copernicus CAMS", "Copernicus
    /// CAMS"): the numbers keep their lines, and the credit takes the next screen where
    /// there is none left.
    func credit(_ places: [CityWeather], airQuality: Bool = false) -> [CharacterSection] {
        var providers: [ForecastProviderID] = []
        for place in places {
            if let provider = place.creditedProvider, !providers.contains(provider) {
                providers.append(provider)
            }
        }
        let credits =
            providers.map { $0.characterCredits(in: language) }
            + (airQuality ? [AirQualityCredit.characterCredits(in: language)] : [])
        return credits.map { variants in
            CharacterSection { width, _ in
                [CharacterFit.line(variants.map { [t($0)] }, width: width)]
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
                        [
                            t(
                                warning.official
                                    ? language.localized(
                                        "from {source}", context: "warning source",
                                        ["source": warning.sourceName])
                                    : language.localized(
                                        "kiosk's reading", context: "warning source"))
                        ],
                        [
                            t(
                                warning.official
                                    ? warning.sourceName
                                    : language.localized("not official", context: "warning source"))
                        ],
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
                CharacterFit.line(
                    [
                        [t(language.localized("Add one over SSH:"))],
                        [t(language.localized("Add over SSH:", context: "LCD"))],
                    ], width: width),
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
            title: [
                [t(language.localized("No favourites yet", context: "LCD"))],
                [t(language.localized("No favourites"))],
                [t(language.localized("No cities", context: "LCD"))],
            ],
            clock: kioskClock, sections: [text])
    }
}
