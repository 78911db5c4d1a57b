import FoundationEssentials
import KioskControl
import KioskCore
import KioskDaemon
import LinuxPlatform
import Rendering

/// The page models the `render` verb draws: from the demo data, or from the config and the
/// forecast cache.
struct RenderModels {
    let configuration: KioskConfiguration
    let theme: Theme
    let now: Date
    /// Says what the page is drawn without (an unreadable air-quality file): a warning on
    /// standard error, the page drawn all the same.
    let warn: (String) -> Void
    /// What the empty page tells a person to run, as the kiosk on the same config says it
    /// (`CityAddHint`): `render` draws the page the kiosk shows.
    var addCityCommand = "weather-kiosk city add Rome"

    /// The demo model for `page`; `city` picks a demo favourite by name or number.
    /// - Throws: `CommandFailure` (exit 2) for a city the demo does not have.
    func demo(page: PageKind, city: String?) throws -> PageModel {
        let favourites = DemoData.favourites.map(\.city)
        let index = try city.map { try CityCommands.resolve($0, in: favourites) - 1 } ?? 0
        return DemoData.model(
            page: page, cityIndex: index, theme: theme, units: configuration.units,
            language: configuration.languageChoice.language)
    }

    /// The model for `page` from the cache in `state_dir`.
    /// - Throws: `CommandFailure`: exit 1 when nothing is cached for what the page shows or
    ///   the cache cannot be read, exit 2 for an unknown city.
    func cached(page: PageKind, city reference: String?) throws -> PageModel {
        if page == .warning {
            throw CommandFailure.runtime(
                "The warning page shows only while a favourite has a severe or extreme warning, and only the running kiosk knows its warnings: `weather-kiosk warnings` lists them, `render --demo --page warning` draws a sample."
            )
        }
        let offset = KioskClock.localOffset(at: now)
        var host = HostIdentity.current()
        host.addCityCommand = addCityCommand
        var model = PageModel(
            page: page, now: now, kioskUTCOffsetSeconds: offset,
            language: configuration.languageChoice.language, units: configuration.units,
            theme: theme, indoor: indoorState(), host: host)
        model.hasStation = configuration.station.coordinate != nil
        let cities = configuration.cities
        if cities.isEmpty || page == .empty {
            model.page = page == .indoor ? .indoor : .empty
            return model
        }
        if page == .indoor { return model }
        let cache = ForecastCache(directory: configuration.stateDirectory)
        let entries: [ForecastCache.Entry]
        do {
            entries = try cache.load()
        } catch {
            throw CommandFailure.runtime(error.message)
        }
        // The daemon's own lookup: the config's units when cached so, else any (converted).
        model.favourites = CityWeather.favourites(
            cities, entries: entries, units: ForecastUnits(configuration.units))
        let index = try reference.map { try CityCommands.resolve($0, in: cities) - 1 } ?? 0
        airQuality(into: &model.favourites)
        let shown = model.favourites[index]
        model.city = shown
        switch page {
        case .map:
            guard model.favourites.contains(where: { $0.forecast != nil }) else {
                throw CommandFailure.runtime(
                    "No forecast cached for any favourite yet: run `weather-kiosk forecast` or use --demo."
                )
            }
        default:
            guard let fetchedAt = shown.fetchedAt else {
                throw CommandFailure.runtime(
                    "No forecast cached for \(shown.displayName) yet: run `weather-kiosk forecast` or use --demo."
                )
            }
            if now.timeIntervalSince(fetchedAt) >= ForecastCache.freshness {
                model.notices.append(.stale(dataTime: fetchedAt, nextRetry: nil))
            }
        }
        return model
    }

    /// The air quality the daemon kept in `state_dir/air-quality.json`, each favourite's
    /// until it is stale, as the running kiosk shows it.
    private func airQuality(into favourites: inout [CityWeather]) {
        let kept: [AirQualityEntry]
        do {
            kept = try StateStore(directory: configuration.stateDirectory).loadAirQuality()
        } catch {
            warn("warning: \(error.message) The page is drawn without the air quality.")
            return
        }
        for index in favourites.indices {
            guard let entry = kept.entry(for: favourites[index].city.coordinate),
                !AirQualityWatch.isStale(entry, at: now)
            else { continue }
            favourites[index].airQuality = entry.forecast
        }
    }

    /// `render` does not read the sensor: the page says so, or that there is none.
    private func indoorState() -> IndoorState {
        if configuration.sensor.kind == .none { return .noSensor }
        return .failed(
            "No reading here: `weather-kiosk render` does not read the sensor. The running kiosk shows its readings on this page; `render --demo` shows sample ones."
        )
    }
}
