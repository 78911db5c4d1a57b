import FoundationEssentials
public import KioskCore

extension KioskEngine {
    /// What the current slide shows now: the model the display worker is given to draw.
    public func currentPageModel() -> PageModel {
        pageModel(at: parts.time.now())
    }

    /// What the current slide shows, from the engine's data.
    func pageModel(at now: KioskTime) -> PageModel {
        let slide = state.slide
        let kind: PageKind
        switch slide.kind {
        case .empty: kind = .empty
        case .page(let page): kind = PageKind(page)
        }
        let favourites = CityWeather.favourites(
            configuration.cities, entries: state.forecasts,
            units: ForecastUnits(configuration.units))
        var notices = state.notices(at: now)
        let indoor = indoorState(at: now.wall)
        if kind == .indoor, case .reading = indoor {
            // The page shows the reading itself: an old sensor failure says nothing more.
            notices.removeAll(where: \.isAboutSensor)
        }
        var model = PageModel(
            page: kind, now: now.wall, kioskUTCOffsetSeconds: now.utcOffsetSeconds,
            units: configuration.units, theme: configuration.display.theme,
            city: slide.cityIndex.flatMap {
                favourites.indices.contains($0) ? favourites[$0] : nil
            },
            favourites: favourites, indoor: indoor, notices: notices.map(\.pageNotice),
            host: kind == .empty ? parts.host() : HostInfo(name: "", addresses: []))
        model.hasStation = configuration.station.coordinate != nil
        model.nextForecastAttempt = now.wall.addingTimeInterval(state.secondsUntilRefresh(at: now))
        model.forecastProblem = state.forecastError == nil ? nil : state.forecastFailureSummary
        return model
    }

    private func indoorState(at time: Date) -> IndoorState {
        guard configuration.sensor.kind != .none else { return .noSensor }
        let indoor = state.indoor
        guard let reading = indoor.latest else {
            return .failed(state.sensorError ?? "Waiting for the first reading of the sensor.")
        }
        let elevation = state.stationElevation
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
