import FoundationEssentials
import KioskCore

extension KioskState {
    /// What the current slide shows on a kiosk running on `configuration`; `host` names the
    /// machine on the empty page.
    func pageModel(
        configuration: KioskConfiguration, host: () -> HostInfo, at now: KioskTime
    ) -> PageModel {
        let slide = self.slide
        let kind: PageKind
        switch slide.kind {
        case .empty: kind = .empty
        case .page(let page): kind = PageKind(page)
        case .warning: kind = .warning
        }
        var favourites = CityWeather.favourites(
            configuration.cities, entries: forecasts,
            units: ForecastUnits(configuration.units))
        for index in favourites.indices {
            favourites[index].airQuality = airQuality(for: favourites[index].city, at: now.wall)
        }
        var notices = self.notices(at: now)
        let indoor = indoorState(configuration: configuration)
        if kind == .indoor, case .reading = indoor {
            // The page shows the reading itself: an old sensor failure says nothing more.
            notices.removeAll(where: \.isAboutSensor)
        }
        var model = PageModel(
            page: kind, now: now.wall, kioskUTCOffsetSeconds: now.utcOffsetSeconds,
            language: settings.language, units: configuration.units,
            theme: configuration.display.theme,
            city: slide.cityIndex.flatMap {
                favourites.indices.contains($0) ? favourites[$0] : nil
            },
            favourites: favourites, indoor: indoor, notices: notices.map(\.pageNotice),
            host: kind == .empty ? host() : HostInfo(name: "", addresses: []))
        model.hasStation = configuration.station.coordinate != nil
        model.sensors = sensorBoard.sensors
        model.cityIsStation =
            slide.cityIndex != nil
            && slide.cityIndex
                == City.stationIndex(
                    in: configuration.cities, station: configuration.station.coordinate)
        model.nextForecastAttempt = now.wall.addingTimeInterval(secondsUntilRefresh(at: now))
        model.forecastProblem = forecastError
        if settings.watchesWarnings, let city = model.city {
            let shown = warnings(for: city.city.name, at: now.wall)
            let offset = city.forecast?.utcOffsetSeconds ?? now.utcOffsetSeconds
            model.warning = PageWarning(
                shown, at: now.wall, utcOffsetSeconds: offset, clock: configuration.units.clock,
                language: settings.language)
            if kind == .warning {
                model.warningPage = WarningPageContent(
                    shown, place: city.displayName, at: now.wall, utcOffsetSeconds: offset,
                    clock: configuration.units.clock, language: settings.language)
            }
            // A service that cannot be asked says so on the place's pages: never a silent
            // "no warnings".
            model.notices += warnings.board.failures(for: city.city.name).map {
                .warning(
                    $0.summary(
                        now: now.wall, utcOffsetSeconds: now.utcOffsetSeconds,
                        clock: configuration.units.clock))
            }
        }
        return model
    }

    private func indoorState(configuration: KioskConfiguration) -> IndoorState {
        // Without an indoor BME280 the [[sensors]]' tiles fill the page.
        guard IndoorSensor.bosch(of: configuration) != nil else { return .noSensor }
        guard let reading = indoor.latest else {
            return .failed(sensorError ?? "Waiting for the first reading of the sensor.")
        }
        let elevation = stationElevation
        let history = indoor.history.samples.map { sample in
            IndoorSample(
                time: sample.time, temperature: sample.temperature, humidity: sample.humidity,
                pressure: elevation.map { sample.seaLevelPressure(elevation: $0) }
                    ?? sample.pressure)
        }
        return .reading(
            IndoorConditions(
                reading: reading,
                seaLevelPressure: elevation.map { reading.seaLevelPressure(elevation: $0) },
                dewPoint: reading.dewPoint, tendency: indoor.tendency, history: history))
    }
}
