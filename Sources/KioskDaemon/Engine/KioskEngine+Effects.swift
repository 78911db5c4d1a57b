import FoundationEssentials
import KioskCore
import Logging
import METNorway
import OpenMeteo

/// The effects that talk to the world: a forecast refresh and a sensor reading, each run as
/// a task the engine tracks (and `stop()` cancels), each ending in one event for the reducer.
extension KioskEngine {
    // MARK: Forecasts

    func fetchForecasts() async {
        let now = parts.time.now()
        let configuration = configuration
        let fetcher = ForecastFetcher(
            configuration: configuration, transport: parts.transport,
            cache: ForecastCache(files: parts.stateFiles))
        do {
            let entries = try await fetcher.fetch(
                ForecastFetcher.locations(for: configuration),
                units: ForecastUnits(configuration.units), now: now.wall)
            let cache = fetcher.cache
            do {
                try await parts.files.run { try cache.store(entries, now: now.wall) }
                stateWritten(nil)
            } catch {
                note("cache", "\(error) The forecast is shown but not kept.", level: .warning)
                stateWritten(error)
            }
            note("forecast", nil, level: .info, recovered: "Open-Meteo answers again.")
            await process(.forecastSucceeded(fetchedAt: now.wall, forecasts: entries))
        } catch {
            // Stopping: the kiosk no longer cares what became of it.
            if Task.isCancelled { return }
            note("forecast", error.message, level: .warning)
            let notBefore = error.rateLimitWindow?.resetDate(after: now.wall)
            await process(
                .forecastFailed(
                    message: error.message, notBefore: notBefore, summary: error.summary,
                    failure: OpenMeteoForecastProvider.failure(error, at: now.wall)))
        }
    }

    /// Asks MET Norway for the places Open-Meteo fails for, over the same transport (one
    /// request at a time), with the config's `fallback_url` and `contact` as they are now.
    func fetchFallback(_ query: ForecastQuery) async {
        let now = parts.time.now()
        let provider = METNorwayProvider(
            transport: parts.transport, baseURL: configuration.forecast.fallbackURL,
            contact: configuration.contact ?? "")
        let answer = await provider.forecasts(for: query, at: now.wall)
        if Task.isCancelled { return }
        for notice in answer.notices where providerNotices.isFirst(notice) {
            note(
                "forecast \(notice.provider.rawValue) \(notice.kind.rawValue)", notice.message,
                level: .notice)
        }
        let failure = answer.outcomes.lazy.compactMap(\.failure).first
        note(
            "forecast met-norway", failure?.message, level: .warning,
            recovered: "MET Norway answers again.")
        await process(.fallbackAnswered(query, answer))
    }

    // MARK: Warnings

    func fetchWarnings() async {
        let now = parts.time.now()
        let (updates, nextAsk) = await warningAsker.ask(
            configuration, transport: parts.transport, now: now.wall)
        if Task.isCancelled { return }
        for update in updates {
            guard case .failed(let message) = update.outcome else { continue }
            note("warnings \(update.feed.source.rawValue)", message, level: .warning)
        }
        await process(.warningsFetched(updates, nextAsk: nextAsk))
    }

    /// Notes how a write to the state directory went: its failure stays in `status` until a
    /// write succeeds.
    func stateWritten(_ failure: (any Error)?) {
        stateProblem = failure.map { "\($0)" }
    }

    // MARK: Sensor

    func readSensor() async {
        guard let sensor else {
            await process(.sensorFailed(message: "There is no sensor."))
            return
        }
        if let samples = await sensor.readSet() {
            let alone = await !sensor.hasIndoorSensor
            await process(.sensorsRead(samples, completesPoll: alone))
            if alone || Task.isCancelled { return }
        }
        let now = parts.time.now()
        let result = await sensor.read(at: now.wall)
        if Task.isCancelled { return }
        switch result {
        case .success(let result):
            for warning in result.warnings { note("sensor heat", warning, level: .notice) }
            note("sensor", nil, level: .info, recovered: "The sensor answers again.")
            await process(.sensorSucceeded(result.reading))
        case .failure(let failure):
            note("sensor", failure.message, level: .warning)
            await process(.sensorFailed(message: failure.message))
        }
    }
}
