public import FoundationEssentials

/// One place's provider switch, keyed as `ForecastEntry.sameKey`, and when MET Norway is
/// next asked for it while switched.
public struct PlaceSwitch: Sendable, Hashable {
    /// The place (the station's or a favourite's coordinate).
    public var coordinate: Coordinate
    /// Who serves it.
    public var state: ProviderSwitch
    /// When MET Norway is next asked for it (wall clock); nil while Open-Meteo serves it.
    public var nextAsk: Date?
}

/// The second provider's part of the kiosk: a `ProviderSwitch` per place, MET Norway's
/// request slots and the ask under way.
public struct FallbackWatch: Sendable, Hashable {
    /// The places' switches, created as Open-Meteo's answers and failures name them.
    public internal(set) var places: [PlaceSwitch] = []
    /// Whether a request to MET Norway is under way (one at a time).
    public internal(set) var isAsking = false
    /// MET Norway's request slots for this kiosk: spread over the refresh interval, never
    /// on the full hour.
    public internal(set) var schedule: RequestSchedule
    /// When the next ask is due, on the monotonic clock; nil when none is.
    var deadline: MonotonicInstant?
    /// Open-Meteo's last failure, until it answers again: turning the fallback on while it
    /// fails switches the places at once.
    var primaryFailure: ForecastFailure?

    /// No place switched; slots every `refreshMinutes` at the offset `seed` gives.
    init(refreshMinutes: Int, seed: String) {
        schedule = RequestSchedule(interval: Double(refreshMinutes * 60), seed: seed)
    }

    /// The switch of the place at `coordinate`, if it has one.
    public func place(_ coordinate: Coordinate) -> PlaceSwitch? {
        places.first { ForecastEntry.sameKey($0.coordinate, coordinate) }
    }

    /// Whether any place is served by MET Norway now.
    public var anySwitched: Bool { places.contains { $0.state.isSwitched } }

    /// Gives `event` to the switch of `coordinate` (made on first use with `setting`).
    mutating func handle(
        _ event: ProviderSwitch.Event, for coordinate: Coordinate, setting: ForecastFallback,
        shown: ForecastProviderID?, at now: Date
    ) -> ProviderSwitch.Decision {
        let index =
            places.firstIndex { ForecastEntry.sameKey($0.coordinate, coordinate) }
            ?? {
                places.append(
                    PlaceSwitch(
                        coordinate: coordinate,
                        state: ProviderSwitch(setting: setting, shown: shown)))
                return places.count - 1
            }()
        let decision = places[index].state.handle(event, at: now)
        switch decision {
        case .askFallback:
            // At once, but never within a minute of the full hour (MET Norway's terms).
            places[index].nextAsk = Date(
                timeIntervalSince1970: RequestSchedule.awayFromFullHour(now.timeIntervalSince1970))
        case .switchedBack: places[index].nextAsk = nil
        default: break
        }
        return decision
    }
}

/// The fallback to MET Norway in the reducer: Open-Meteo's failures and answers move each
/// place's `ProviderSwitch`; switched places are asked of MET Norway (`.fetchFallback`) at
/// the times the switch and `RequestSchedule` allow; its answers come back as
/// `.fallbackAnswered` and become entries with `provider = .metNorway` and MET Norway's
/// validators, kept in the cache (`.storeForecasts`).
extension KioskState {
    /// The places a refresh asks for: the station first (when set), then each favourite once.
    var forecastPlaces: [Coordinate] {
        var result = settings.station.map { [$0] } ?? []
        for city in settings.cities
        where !result.contains(where: { ForecastEntry.sameKey($0, city.coordinate) }) {
            result.append(city.coordinate)
        }
        return result
    }

    /// Whether the cached forecast for `coordinate` still counts as fresh: fetched less than
    /// two refresh intervals ago, as the stale notice counts.
    func hasFreshForecast(for coordinate: Coordinate, at now: Date) -> Bool {
        guard
            let entry = forecasts.first(where: { ForecastEntry.sameKey($0.coordinate, coordinate) })
        else { return false }
        return now.timeIntervalSince(entry.fetchedAt) <= 2 * Double(settings.refreshMinutes * 60)
    }

    private func shownProvider(for coordinate: Coordinate) -> ForecastProviderID? {
        forecasts.first { ForecastEntry.sameKey($0.coordinate, coordinate) }?.provider
    }

    /// Open-Meteo failed for every place of the refresh (its request is batched): each place
    /// with nothing fresh switches, when the failure is one MET Norway is for.
    mutating func primaryFailed(_ failure: ForecastFailure, at now: KioskTime) {
        fallback.primaryFailure = failure
        for place in forecastPlaces {
            _ = fallback.handle(
                .primaryFailed(
                    failure, hasFreshForecast: hasFreshForecast(for: place, at: now.wall)),
                for: place, setting: settings.fallback, shown: shownProvider(for: place),
                at: now.wall)
        }
        scheduleFallback(at: now)
    }

    /// Open-Meteo answered for these places: they are its again.
    mutating func primaryAnswered(_ entries: [ForecastEntry], at now: KioskTime) {
        fallback.primaryFailure = nil
        for entry in entries {
            _ = fallback.handle(
                .primaryAnswered, for: entry.coordinate, setting: settings.fallback,
                shown: .openMeteo, at: now.wall)
        }
        scheduleFallback(at: now)
    }

    /// `forecast.fallback` may have changed: `none` switches every place back, `met-norway`
    /// while Open-Meteo fails switches the places with nothing fresh at once.
    mutating func fallbackSettingChanged(from old: KioskSettings, at now: KioskTime) {
        if old.refreshMinutes != settings.refreshMinutes {
            fallback.schedule = RequestSchedule(
                interval: Double(settings.refreshMinutes * 60), seed: scheduleSeed)
        }
        guard old.fallback != settings.fallback else { return }
        for place in fallback.places {
            _ = fallback.handle(
                .settingChanged(settings.fallback), for: place.coordinate,
                setting: settings.fallback, shown: nil, at: now.wall)
        }
        if settings.fallback == .metNorway, let failure = fallback.primaryFailure {
            primaryFailed(failure, at: now)
        }
        scheduleFallback(at: now)
    }

    /// MET Norway answered `query` with `answer`: its forecasts and 304s are kept for the
    /// places it still serves (with its validators), a late answer for a place Open-Meteo
    /// serves again is dropped, its failures wait for the next slot.
    mutating func fallbackAnswered(
        _ query: ForecastQuery, _ answer: ForecastAnswer, at now: KioskTime,
        into effects: inout [KioskEffect]
    ) {
        fallback.isAsking = false
        var fresh: [ForecastEntry] = []
        for (place, outcome) in zip(query.places, answer.outcomes) {
            let coordinate = place.coordinate
            let event: ProviderSwitch.Event =
                outcome.failure.map { .fallbackFailed($0) } ?? .fallbackAnswered
            let decision = fallback.handle(
                event, for: coordinate, setting: settings.fallback,
                shown: shownProvider(for: coordinate), at: now.wall)
            guard decision == .showFallback else { continue }
            switch outcome {
            case .forecast(let forecast, let validity):
                fresh.append(
                    ForecastEntry(
                        coordinate: coordinate, fetchedAt: now.wall, forecast: forecast,
                        provider: .metNorway, validity: validity))
            case .notModified(let validity):
                // Nothing new: the forecast held stays, confirmed as of now.
                guard
                    var entry = forecasts.first(where: {
                        ForecastEntry.sameKey($0.coordinate, coordinate)
                            && $0.provider == .metNorway
                    })
                else { continue }
                entry.validity = validity
                entry.fetchedAt = now.wall
                fresh.append(entry)
            case .failed:
                break
            }
        }
        if !fresh.isEmpty {
            forecasts = forecasts.merging(fresh)
            lastForecast = max(lastForecast ?? now.wall, now.wall)
            deriveWarnings(at: now)
            effects.append(.storeForecasts(fresh))
        }
        for index in fallback.places.indices {
            let place = fallback.places[index]
            guard place.state.isSwitched,
                query.places.contains(where: {
                    ForecastEntry.sameKey($0.coordinate, place.coordinate)
                })
            else { continue }
            fallback.places[index].nextAsk = place.state.nextFallbackRequest(
                after: now.wall.addingTimeInterval(1), schedule: fallback.schedule,
                validity: validity(for: place.coordinate))
        }
        scheduleFallback(at: now)
        effects.append(.render)
    }

    /// MET Norway's validators for the place: those of its cached forecast from MET Norway,
    /// else none (a conditional request only makes sense with the data it would keep).
    func validity(for coordinate: Coordinate) -> ConditionalRequest {
        forecasts.first {
            ForecastEntry.sameKey($0.coordinate, coordinate) && $0.provider == .metNorway
        }?.validity ?? ConditionalRequest()
    }

    /// Sets the deadline of the next ask: the earliest `nextAsk` of a switched place.
    mutating func scheduleFallback(at now: KioskTime) {
        let next = fallback.places.filter(\.state.isSwitched).compactMap(\.nextAsk).min()
        fallback.deadline = next.map {
            now.monotonic.advanced(bySeconds: max(0, $0.timeIntervalSince(now.wall)))
        }
    }

    /// Asks MET Norway for the switched places that are due, unless an ask is under way.
    mutating func runFallback(at now: KioskTime, into effects: inout [KioskEffect]) {
        guard !fallback.isAsking, let deadline = fallback.deadline, now.monotonic >= deadline
        else { return }
        let due = fallback.places.filter { place in
            place.state.isSwitched
                && place.nextAsk.map { $0 <= now.wall.addingTimeInterval(1) } == true
                && forecastPlaces.contains { ForecastEntry.sameKey($0, place.coordinate) }
        }
        guard !due.isEmpty else {
            fallback.deadline = nil
            return
        }
        fallback.isAsking = true
        fallback.deadline = nil
        effects.append(.fetchFallback(fallbackQuery(for: due.map(\.coordinate))))
    }

    /// What MET Norway is asked for `places`: each with its elevation (the station's from
    /// the config, else the last forecast's), its offset and zone, and its validators.
    func fallbackQuery(for places: [Coordinate]) -> ForecastQuery {
        ForecastQuery(
            places: places.map { coordinate in
                let cached = forecasts.first { ForecastEntry.sameKey($0.coordinate, coordinate) }
                let isStation =
                    settings.station.map { ForecastEntry.sameKey($0, coordinate) } ?? false
                let city = settings.cities.first {
                    ForecastEntry.sameKey($0.coordinate, coordinate)
                }
                return ForecastPlace(
                    coordinate: coordinate,
                    elevation: (isStation ? settings.stationElevation : nil)
                        ?? cached?.forecast.elevation,
                    utcOffsetSeconds: cached?.forecast.utcOffsetSeconds,
                    timezone: cached?.forecast.timezone ?? city?.timezone,
                    validity: validity(for: coordinate))
            }, units: settings.forecastQuery.units)
    }

    /// The notice while a place is served by MET Norway ("Open-Meteo error 503 · showing
    /// MET Norway's forecast"): on a favourite's page that favourite's, on the other pages
    /// the first switched place's, in the configured language.
    var fallbackNotice: String? {
        let language = settings.language
        if let index = slide.cityIndex, settings.cities.indices.contains(index) {
            return fallback.place(settings.cities[index].coordinate)?.state.notice(in: language)
        }
        return fallback.places.lazy.compactMap { $0.state.notice(in: language) }.first
    }
}
