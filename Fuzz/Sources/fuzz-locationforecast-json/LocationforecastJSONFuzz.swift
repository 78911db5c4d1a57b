import FoundationEssentials
import FuzzSupport
import KioskCore
import METNorway
import Rendering

// A Locationforecast body as api.met.no (or anything at forecast.fallback_url) might answer,
// with the status and headers the input's first bytes choose: read as the provider reads it,
// its forecast checked for order (hours and days ascending, each day's high not below its
// low) and laid out on a 20×4 LCD's city and hourly pages, as the daemon would show it.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    LocationforecastJSONFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum LocationforecastJSONFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    static let statuses = [200, 203, 304, 403, 429, 503]
    static let received = Date(timeIntervalSince1970: 1_795_000_000)

    static func test(_ input: [UInt8]) {
        // A seed from a recorded answer starts with "{": those run as a 200 in °C and km/h.
        let choice = input.first.map { $0 == UInt8(ascii: "{") ? 0 : Int($0) } ?? 0
        let body = choice == 0 ? input : Array(input.dropFirst())
        let units =
            choice % 2 == 0
            ? ForecastUnits()
            : ForecastUnits(temperature: .fahrenheit, wind: .kn, precipitation: .inch)
        let place = ForecastPlace(
            coordinate: Coordinate(latitude: 59.9139, longitude: 10.7522), elevation: 23,
            utcOffsetSeconds: choice % 3 == 0 ? nil : (choice % 29 - 14) * 3600)
        let request = LocationforecastRequest(coordinate: place.coordinate, altitude: 23)
        let reply = LocationforecastReply(
            request: request, url: request.url(baseURL: LocationforecastRequest.defaultBaseURL),
            place: place, units: units, contact: "fuzz@example.org")
        let response = HTTPResponse(
            status: statuses[(choice / 6) % statuses.count], body: body,
            headers: [
                HTTPHeader(name: "Date", value: "Mon, 30 Mar 2026 13:22:45 GMT"),
                HTTPHeader(name: "Expires", value: "Mon, 30 Mar 2026 13:53:26 GMT"),
                HTTPHeader(name: "Last-Modified", value: "Mon, 30 Mar 2026 13:22:44 GMT"),
            ])
        let (outcome, notice) = reply.outcome(of: response, at: received)
        _ = notice?.message
        switch outcome {
        case .forecast(let forecast, _):
            check(forecast)
            layOut(forecast, at: place.coordinate)
        case .notModified:
            break
        case .failed(let failure):
            _ = (failure.message, failure.summary, failure.warrantsFallback)
        }
    }

    static func check(_ forecast: LocationForecast) {
        for (earlier, later) in zip(forecast.hourly, forecast.hourly.dropFirst())
        where earlier.time >= later.time {
            fuzzFailure("hour \(later.time) after \(earlier.time)")
        }
        for (earlier, later) in zip(forecast.daily, forecast.daily.dropFirst())
        where earlier.date >= later.date {
            fuzzFailure("day \(later.date) after \(earlier.date)")
        }
        for day in forecast.daily {
            if let high = day.temperatureMax, let low = day.temperatureMin, high < low {
                fuzzFailure("\(day.date): high \(high.celsius) below low \(low.celsius)")
            }
        }
    }

    static func layOut(_ forecast: LocationForecast, at coordinate: Coordinate) {
        let city = CityWeather(
            city: City(name: "Oslo", coordinate: coordinate), forecast: forecast,
            fetchedAt: forecast.current?.time)
        let layout = CharacterPageLayout(size: .size20x4)
        for page in [PageKind.city, .hourly] {
            let model = PageModel(
                page: page, now: forecast.current?.time ?? received, kioskUTCOffsetSeconds: 3600,
                language: .en, units: Units(), city: city, favourites: [city])
            _ = layout.frames(for: model)
        }
    }
}
