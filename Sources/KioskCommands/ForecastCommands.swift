public import FoundationEssentials
public import KioskConfig
import KioskControl
public import KioskCore
import KioskDaemon
import LinuxPlatform
import OpenMeteo

/// The `forecast` verb: current conditions, the next days, the Sun and the Moon in the
/// terminal, from the cache when it is fresh; on a network failure the cached forecast with its age and the
/// error. A place's forecast is looked up as the daemon looks it up for its pages
/// (`[ForecastEntry].entry(for:units:)`): one in other units than the config's is converted,
/// not passed over.
public struct ForecastCommands: Sendable {
    /// The config file.
    public let store: ConfigStore
    /// Where output goes.
    public let console: Console
    /// The HTTP transport to reach Open-Meteo with.
    public let transport: any HTTPTransport
    /// The clock.
    public let now: @Sendable () -> Date

    /// Creates the verb.
    public init(
        store: ConfigStore, console: Console, transport: any HTTPTransport,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.console = console
        self.transport = transport
        self.now = now
    }

    /// The rows of the text's table when `--days` is not given: today and the next 3.
    public static let defaultDays = 4
    /// The most rows `--days` takes: every day the kiosk fetches.
    public static let maximumDays = ForecastRequest.forecastDays

    /// `forecast [CITY] [--json] [--days N]`: one favourite, or all of them (the station when
    /// there are none); the text's table has `days` rows, today first (the JSON always
    /// carries every day).
    /// - Throws: `CommandFailure` (exit 1) when fresh data could not be had, or the answer
    ///   had no forecast for a place; whatever there was has been printed by then.
    public func show(city reference: String?, json: Bool, days: Int = defaultDays) async throws {
        let configuration = try ConfigCommands(store: store, console: console).load().configuration
        let targets = try targets(configuration, reference)
        let units = ForecastUnits(configuration.units)
        let fetcher = ForecastFetcher(configuration: configuration, transport: transport)
        let start = now()

        var cached: [ForecastCache.Entry] = []
        do {
            cached = try fetcher.cache.load()
        } catch {
            console.printError("warning: " + error.message)
        }
        let cachedTargets = targets.map { cached.entry(for: $0.coordinate, units: units) }
        // Fresh and in the config's units (as the daemon refetches when the units change);
        // an entry in other units is still shown, converted, if the fetch fails.
        if cachedTargets.allSatisfy({
            $0?.isFresh(at: start) == true && $0?.forecast.units == units
                && Self.hasData($0, at: start)
        }) {
            let air = await airQuality(for: targets, configuration)
            try print(
                targets, entries: cachedTargets, fromCache: true, error: nil, configuration,
                json: json, days: days, air: air)
            return
        }

        let fetched: [ForecastCache.Entry]
        do {
            fetched = try await fetcher.fetch(
                ForecastFetcher.locations(for: configuration), units: units, now: start)
        } catch {
            // Open-Meteo could not be had: what was kept, without asking it again.
            let air = await airQuality(for: targets, configuration, asking: false)
            try print(
                targets, entries: cachedTargets, fromCache: true, error: error.oneShotMessage,
                configuration, json: json, days: days, air: air)
            // The oldest of the places' cached forecasts: how old what is shown can be.
            let language = configuration.languageChoice.language
            let oldest = cachedTargets.compactMap { $0 }.map {
                now().timeIntervalSince($0.fetchedAt)
            }.max()
            // TRANSLATORS: after the sentence that says why the forecast could not be had;
            // {age} is how old the cached one is ("2 h").
            let fallback =
                oldest.map {
                    " "
                        + language.localized(
                            "Showing the cached forecast from {age} ago.",
                            ["age": WeatherFormat.duration($0, language: language)])
                } ?? ""
            throw CommandFailure.runtime(error.oneShotMessage + fallback)
        }
        do {
            try fetcher.cache.store(fetched, now: start)
        } catch {
            console.printError("warning: \(error.message) The forecast is shown but not kept.")
        }
        let entries = targets.map { fetched.entry(for: $0.coordinate, units: units) }
        let air = await airQuality(for: targets, configuration)
        try print(
            targets, entries: entries, fromCache: false, error: nil, configuration, json: json,
            days: days, air: air)
        // A place the answer has nothing for is a failure, as a missing file is to cat.
        let instant = now()
        let missing = zip(targets, entries).filter { !Self.hasData($0.1, at: instant) }
        if !missing.isEmpty {
            throw CommandFailure.runtime(
                "Open-Meteo's answer had no forecast for \(missing.map(\.0.name).joined(separator: ", "))"
                    + "; try again later, and check the coordinates with `weather-kiosk city list`."
            )
        }
    }

    /// Whether an entry has anything to show: current conditions or a day from today on.
    static func hasData(_ entry: ForecastCache.Entry?, at instant: Date) -> Bool {
        guard let forecast = entry?.forecast else { return false }
        return forecast.current != nil || forecast.today(at: instant) != nil
            || !forecast.upcomingDays(after: instant, count: 1).isEmpty
    }

    private struct Target {
        var name: String
        var coordinate: Coordinate
        /// The favourite, whose country gives the air-quality scale; nil for the station.
        var city: City?
    }

    /// The air quality of `targets`: what the daemon kept in the state directory when it is
    /// younger than an hour and has every target, else one request to the Air Quality API
    /// (kept there in turn), unless not `asking` (the forecast's request just failed).
    /// A failure is a warning on stderr: the forecast is shown without the air.
    private func airQuality(
        for targets: [Target], _ configuration: KioskConfiguration, asking: Bool = true
    ) async -> [AirQualityEntry] {
        let store = StateStore(directory: configuration.stateDirectory)
        let start = now()
        var kept: [AirQualityEntry] = []
        do {
            kept = try store.loadAirQuality()
        } catch {
            console.printError("warning: " + error.message)
        }
        let places = targets.map(\.coordinate)
        let fresh = places.compactMap { kept.entry(for: $0) }.filter {
            let age = start.timeIntervalSince($0.fetchedAt)
            return age >= 0 && age < AirQualityWatch.minimumIntervalSeconds
        }
        if fresh.count == places.count { return fresh }
        guard asking else { return kept.filter { !AirQualityWatch.isStale($0, at: start) } }
        let fetcher = AirQualityFetcher(configuration: configuration, transport: transport)
        do {
            let entries = try await fetcher.fetch(places, now: start)
            do {
                try store.save(kept.merging(entries))
            } catch {
                console.printError(
                    "warning: \(error.message) The air quality is shown but not kept.")
            }
            return entries
        } catch {
            console.printError("warning: " + fetcher.sentence(for: error, oneShot: true))
            return kept.filter { !AirQualityWatch.isStale($0, at: start) }
        }
    }

    private func scale(of target: Target, _ configuration: KioskConfiguration) -> AQIScale {
        target.city.map { configuration.units.aqiScale(for: $0) }
            ?? configuration.units.aqi ?? .european
    }

    private func targets(_ configuration: KioskConfiguration, _ reference: String?) throws
        -> [Target]
    {
        if let reference {
            let index = try CityCommands.resolve(reference, in: configuration.cities)
            let city = configuration.cities[index - 1]
            return [Target(name: city.qualifiedName, coordinate: city.coordinate, city: city)]
        }
        if configuration.cities.isEmpty {
            guard let station = configuration.station.coordinate else {
                throw CommandFailure.runtime(
                    configuration.languageChoice.language.localized(
                        "There are no favourites and no station to forecast: add a favourite with `weather-kiosk city add NAME`."
                    ))
            }
            return [Target(name: configuration.station.name, coordinate: station)]
        }
        return configuration.cities.map {
            Target(name: $0.qualifiedName, coordinate: $0.coordinate, city: $0)
        }
    }

    private func print(
        _ targets: [Target], entries: [ForecastCache.Entry?], fromCache: Bool, error: String?,
        _ configuration: KioskConfiguration, json: Bool, days: Int, air: [AirQualityEntry] = []
    ) throws {
        let instant = now()
        if json {
            let locations = zip(targets, entries).map { target, entry in
                var location = ForecastJSON.Location(
                    name: target.name, coordinate: target.coordinate, entry: entry, now: instant,
                    fromCache: fromCache)
                location.air = air.entry(for: target.coordinate).flatMap {
                    ForecastJSON.Air($0, scale: scale(of: target, configuration))
                }
                return location
            }
            console.print(try JSONText.encode(ForecastJSON(locations: locations, error: error)))
            return
        }
        let language = configuration.languageChoice.language
        var blocks: [String] = []
        for (target, entry) in zip(targets, entries) {
            guard let entry else {
                let missing =
                    error == nil
                    ? language.localized(
                        "no forecast for this place in the answer", context: "forecast text")
                    : language.localized("no forecast cached yet", context: "forecast text")
                blocks.append("\(target.name)\n  \(missing)")
                continue
            }
            blocks.append(
                ForecastText.render(
                    name: target.name, entry: entry, now: instant, units: configuration.units,
                    days: days, language: language,
                    air: air.entry(for: target.coordinate).map {
                        ($0, scale(of: target, configuration))
                    }))
        }
        if !blocks.isEmpty { console.print(blocks.joined(separator: "\n\n")) }
    }
}
