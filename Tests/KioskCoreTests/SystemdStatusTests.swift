import FoundationEssentials
import KioskCore
import Testing

/// What systemd hears, decided from the snapshot stream: READY=1 once the display reported
/// its first frame, then STATUS= only when the line changes.
@Suite struct SystemdStatusTests {
    static let rome = City(
        name: "Rome", coordinate: Coordinate(latitude: 41.89, longitude: 12.51))

    static func snapshot(reports: Int, forecastError: String? = nil, displayError: String? = nil)
        -> KioskSnapshot
    {
        let page = PageModel(
            page: .city, now: Date(timeIntervalSince1970: 1_795_000_000),
            kioskUTCOffsetSeconds: 0, language: .en,
            city: CityWeather(city: rome, forecast: nil, fetchedAt: nil))
        return KioskSnapshot(
            frame: 1, slide: Slide(.page(.city), cityIndex: 0), step: 0, page: page, power: .on,
            notices: [], reading: nil, sensorError: nil, forecastFetchedAt: nil,
            forecastStale: false, forecastError: forecastError, configProblems: [],
            displayShown: reports > 0, displayError: displayError)
    }

    @Test func readyOnceTheFirstFrameIsUpThenOnlyChanges() {
        var systemd = SystemdStatus()
        #expect(systemd.message(for: Self.snapshot(reports: 0)) == nil, "no frame yet")
        #expect(
            systemd.message(for: Self.snapshot(reports: 1))
                == "READY=1\nSTATUS=Showing the city page of Rome")
        #expect(systemd.message(for: Self.snapshot(reports: 2)) == nil, "nothing changed")
        #expect(
            systemd.message(for: Self.snapshot(reports: 3, forecastError: "offline"))
                == "STATUS=Showing the city page of Rome · forecast failing")
        #expect(
            systemd.message(for: Self.snapshot(reports: 4, displayError: "no /dev/fb0"))
                == "STATUS=Showing the city page of Rome · display: no /dev/fb0")
    }
}
