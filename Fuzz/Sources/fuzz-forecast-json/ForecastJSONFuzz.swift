import FoundationEssentials
import FuzzSupport
import KioskCore
import OpenMeteo
import Rendering

// A forecast body as Open-Meteo (or anything at its address) might answer: decoded for as
// many locations as the body lists, and every decoded forecast laid out on a 20×4 LCD's city
// and hourly pages, as the daemon would show it.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ForecastJSONFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum ForecastJSONFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    /// Skips any JSON value: counts a top-level array's elements.
    private struct AnyValue: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    static func test(_ body: [UInt8]) {
        let listed = (try? JSONDecoder().decode([AnyValue].self, from: Data(body)))?.count ?? 1
        let count = min(max(1, listed), 16)
        let coordinates = (0..<count).map {
            Coordinate(latitude: 52.52 - Double($0), longitude: 13.41 + Double($0))
        }
        let units =
            body.count % 2 == 0
            ? ForecastUnits() : ForecastUnits(Units(temperature: .fahrenheit, wind: .mph))
        let request = ForecastRequest(coordinates: coordinates, units: units)
        let forecasts: [LocationForecast]
        do {
            forecasts = try request.decodeResponse(body, host: "api.open-meteo.invalid")
        } catch {
            _ = error.description
            if let window = error.rateLimitWindow {
                _ = window.resetDate(after: Date(timeIntervalSince1970: 1_795_000_000))
            }
            return
        }
        guard forecasts.count == count else {
            fuzzFailure("\(forecasts.count) forecasts for \(count) locations")
        }
        let layout = CharacterPageLayout(size: .size20x4)
        for (index, forecast) in forecasts.enumerated() {
            let city = CityWeather(
                city: City(name: "City \(index + 1)", coordinate: coordinates[index]),
                forecast: forecast, fetchedAt: forecast.current?.time)
            for page in [PageKind.city, .hourly] {
                let model = PageModel(
                    page: page, now: forecast.current?.time ?? DemoData.now,
                    kioskUTCOffsetSeconds: 3600, language: .en, units: Units(), city: city,
                    favourites: [city])
                _ = layout.frames(for: model)
            }
        }
    }
}
