import FuzzSupport
import KioskCore
import Warnings

// A Bright Sky alerts body, decoded in English and in German. Whatever the bytes, nothing
// traps; both languages find the same warnings, coloured as the DWD colours them.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    BrightSkyJSONFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum BrightSkyJSONFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    static func test(_ body: [UInt8]) {
        let point = Coordinate(latitude: 52.52, longitude: 13.41)
        let url = "https://api.brightsky.invalid/alerts?lat=52.52&lon=13.41"
        var found: [[WeatherWarning]] = []
        for language in ["en", "de"] {
            do {
                let answer = try BrightSkyAlertsRequest(coordinate: point, language: language)
                    .decode(body, place: "Berlin", url: url)
                found.append(answer.warnings)
            } catch {
                guard error.message.contains("api.brightsky.invalid") else {
                    fuzzFailure("the error does not name the URL: \(error.message)")
                }
            }
        }
        guard found.count != 1 else { fuzzFailure("one language decoded, the other did not") }
        guard let english = found.first, let german = found.last else { return }
        guard english.map(\.id) == german.map(\.id) else {
            fuzzFailure("the languages found different warnings")
        }
        for warning in english {
            guard warning.level == WarningLevel(dwdSeverity: warning.severity), warning.official
            else { fuzzFailure("a DWD warning is not coloured as the DWD colours it") }
        }
    }
}
