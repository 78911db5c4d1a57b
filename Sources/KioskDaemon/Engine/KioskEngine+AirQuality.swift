import FoundationEssentials
import KioskCore
import Logging
import OpenMeteo

/// The air quality's effect: one batched request for every favourite over the same
/// transport as the forecasts (one request at a time), ending in one event.
extension KioskEngine {
    func fetchAirQuality(_ places: [Coordinate]) async {
        let now = parts.time.now()
        let fetcher = AirQualityFetcher(configuration: configuration, transport: parts.transport)
        do {
            let entries = try await fetcher.fetch(places, now: now.wall)
            note("air quality", nil, level: .info, recovered: "The Air Quality API answers again.")
            await process(.airQualityFetched(entries))
        } catch {
            if Task.isCancelled { return }
            let sentence = fetcher.sentence(for: error)
            note("air quality", sentence, level: .warning)
            await process(
                .airQualityFailed(
                    message: sentence,
                    notBefore: error.rateLimitWindow?.resetDate(after: now.wall)))
        }
    }
}
