import FuzzSupport
import KioskCore
import OpenMeteo

// A geocoding body: decoded as a search answer and as a lookup answer; the search results
// ranked for a name taken from them, and each turned into a favourite.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    GeocodingJSONFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum GeocodingJSONFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    static func test(_ body: [UInt8]) {
        let host = "geocoding-api.open-meteo.invalid"
        do {
            let results = try GeocodingSearch(name: "Enschede").decodeResponse(body, host: host)
            let name = results.first.map { String($0.name.prefix(3)) } ?? "En"
            let ranked = GeocodingResult.ranked(results, for: name)
            guard ranked.count == results.count else {
                fuzzFailure("ranking kept \(ranked.count) of \(results.count) results")
            }
            for result in ranked { _ = result.city.qualifiedName }
        } catch {
            _ = error.description
        }
        do {
            let place = try GeocodingLookup(id: 2_756_071).decodeResponse(body, host: host)
            _ = place.city.qualifiedName
        } catch {
            _ = error.description
        }
    }
}
