public import FoundationEssentials

/// The warnings in the reducer: when to ask, what an answer changes, and the pages drawn
/// again when a warning begins or ends by the clock alone.
extension KioskState {
    /// The warnings shown now for `place`, worst first.
    public func warnings(for place: String, at now: Date) -> [WeatherWarning] {
        warnings.board.warnings(for: place, at: now)
    }

    /// The favourites (0-based) with a severe or extreme warning: each has a page of its own
    /// in the cycle.
    public var warningPageCities: Set<Int> {
        guard settings.watchesWarnings else { return [] }
        return Set(
            settings.cities.indices.filter {
                warnings.placesWithPages.contains(settings.cities[$0].name)
            })
    }

    /// Asks when an ask is due, and drops what ended: a frame when a warning began or ended.
    mutating func watchWarnings(at now: KioskTime, into effects: inout [KioskEffect]) {
        defer { leaveEndedWarningPage(into: &effects) }
        guard settings.watchesWarnings else { return }
        if warnings.startIfDue(at: now.monotonic) { effects.append(.fetchWarnings) }
        if warnings.expire(at: now) { effects.append(.render) }
        wakeForNewWarning(at: now, into: &effects)
    }

    /// An official warning that `warnings.wake_screen` names, new and in effect, lights a
    /// display the night window blanked, on the warning's page.
    private mutating func wakeForNewWarning(at now: KioskTime, into effects: inout [KioskEffect]) {
        guard let warning = warnings.newlyWaking(settings.warnings.wakeScreen, at: now.wall),
            let city = settings.cities.firstIndex(where: { $0.name == warning.place })
        else { return }
        let end = warning.end.map {
            now.monotonic.advanced(bySeconds: max(0, $0.timeIntervalSince(now.wall)))
        }
        guard powerSchedule.wake(forWarningUntil: end, night: settings.night, at: now) else {
            return
        }
        cityIndex = city
        slide = Slide(.warning, cityIndex: city)
        updatePower(at: now, into: &effects)
    }

    /// The page of a warning that ended, or of a place no longer warned, gives way to the
    /// place's own page.
    private mutating func leaveEndedWarningPage(into effects: inout [KioskEffect]) {
        guard slide.kind == .warning, !slides.contains(slide) else { return }
        let page = settings.pages.first(where: \.isPerCity)
        slide =
            page.flatMap { page in slide.cityIndex.map { Slide(.page(page), cityIndex: $0) } }
            ?? slides.first ?? Slide(.empty)
        effects.append(.render)
    }

    mutating func warningsFetched(
        _ updates: [WarningFeedUpdate], nextAsk: Date, at now: KioskTime,
        into effects: inout [KioskEffect]
    ) {
        let places = Set(settings.cities.map(\.name))
        if warnings.received(updates, nextAsk: nextAsk, places: places, at: now) {
            effects.append(.render)
        }
    }

    /// The kiosk's own warnings from the forecasts it has, for every favourite, and from its
    /// barometer, with the DWD's thresholds; labelled in every headline and never official.
    mutating func deriveWarnings(at now: KioskTime) {
        guard settings.watchesWarnings else { return }
        let query = settings.forecastQuery.units
        let units = Units(
            temperature: query.temperature, wind: query.wind, precipitation: query.precipitation)
        for weather in CityWeather.favourites(settings.cities, entries: forecasts, units: query) {
            let derived = weather.forecast.map {
                DerivedWarnings.fromForecast(
                    ForecastHazards($0), place: weather.city.name, now: now.wall, units: units)
            }
            warnings.derived(derived ?? [], for: weather.city.name, at: now)
        }
        var drawnAnyway: [KioskEffect] = []
        deriveBarometerWarning(at: now, into: &drawnAnyway)
    }

    /// The kiosk's own barometer: a fall of 4 hPa or more in three hours (the DWD's rule of
    /// thumb, `DerivedWarningThresholds`) is a warning of the favourite at the station (the
    /// one `City.stationIndex` finds), read from the 24-hour indoor history, which a
    /// restart keeps. Without a station favourite it belongs to no place and is not shown.
    mutating func deriveBarometerWarning(at now: KioskTime, into effects: inout [KioskEffect]) {
        guard settings.watchesWarnings,
            let index = City.stationIndex(in: settings.cities, station: settings.station)
        else { return }
        let place = settings.cities[index].name
        let horizon = now.wall.addingTimeInterval(
            -PressureHistory.tendencySpan - PressureHistory.tolerance)
        var pressures = PressureHistory(capacity: 64, minimumSpacing: IndoorHistory.step / 2)
        for sample in indoor.history.samples where sample.time >= horizon {
            pressures.record(sample.pressure, at: sample.time)
        }
        let warning = DerivedWarnings.fromBarometer(
            pressures, place: place, unit: settings.pressureUnit)
        let before = warnings(for: place, at: now.wall)
        warnings.barometer(warning.map { [$0] } ?? [], for: place, at: now)
        if warnings(for: place, at: now.wall) != before { effects.append(.render) }
    }

    /// Other favourites, services, contact or interval: the services are asked at once.
    mutating func warningSettingsChanged(from old: KioskSettings, at now: KioskTime) {
        warnings.keepOnly(places: Set(settings.cities.map(\.name)))
        deriveWarnings(at: now)
        if old.cities != settings.cities || old.warnings != settings.warnings
            || old.contact != settings.contact
        {
            warnings.dueNow(at: now.monotonic)
        }
    }
}

extension KioskSettings {
    /// Whether warnings are asked for: switched on, and a favourite to ask for.
    public var watchesWarnings: Bool { warnings.enabled && !cities.isEmpty }
}
