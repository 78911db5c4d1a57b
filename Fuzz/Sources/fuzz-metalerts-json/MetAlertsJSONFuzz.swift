import FoundationEssentials
import FuzzSupport
import KioskCore
import Warnings

// A MetAlerts body: decoded, and every alert's polygon asked about a few places (inside,
// outside, on the antimeridian, not a number). Whatever the bytes, nothing traps, and a
// place's warnings are exactly the land alerts whose area holds it.

/// libFuzzer's entry point: one input, always 0 (a failure traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    MetAlertsJSONFuzz.test(fuzzInput(data, size))
    return 0
}

@main
enum MetAlertsJSONFuzz {
    static func main() { FuzzMain.run(testOneInput) }

    static let places = [
        Coordinate(latitude: 59.9127, longitude: 10.7461),
        Coordinate(latitude: 78.5, longitude: -5),
        Coordinate(latitude: 0, longitude: 180),
        Coordinate(latitude: -90, longitude: -180),
        Coordinate(latitude: .nan, longitude: 10),
    ]

    static func test(_ body: [UInt8]) {
        let bulletin: MetAlertsBulletin
        do {
            bulletin = try MetAlertsRequest.decode(
                body, url: "https://api.met.invalid/current.json")
        } catch {
            guard error.message.contains("api.met.invalid") else {
                fuzzFailure("the error does not name the URL: \(error.message)")
            }
            return
        }
        for (index, place) in places.enumerated() {
            let name = "place \(index)"
            let warnings = bulletin.warnings(for: name, at: place)
            let expected = bulletin.alerts.filter {
                $0.geographicDomain?.lowercased() != "marine" && $0.area.contains(place)
            }
            guard warnings.map(\.id) == expected.map(\.warning.id) else {
                fuzzFailure("the warnings of \(name) are not the areas that hold it")
            }
            guard warnings.allSatisfy({ $0.place == name && $0.source == .metalerts }) else {
                fuzzFailure("a warning lost its place or source")
            }
            if !place.latitude.isFinite, !warnings.isEmpty {
                fuzzFailure("a place that is not a number lies in an area")
            }
        }
        _ = WarningRules.resolve(bulletin.alerts.map(\.warning))
    }
}
