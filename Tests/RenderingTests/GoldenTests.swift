import FoundationEssentials
import KioskCore
import Rendering
import Testing

/// Every page compared with a committed PNG, per pixel with a small tolerance (anti-aliased
/// edges may move by a shade between FreeType versions). `RECORD_GOLDENS=1 swift test
/// --filter RenderingTests` rewrites them; look at every one before committing it.
@Suite struct GoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var page: PageKind
        var size: PixelSize
        var theme: Theme
        var notices: [PageNotice] = []
        /// With Open-Meteo's recorded air quality (`DashboardPageTests.recordedAir`).
        var air = false
        var language: Language = .en
        var name: String {
            "\(page.rawValue)-\(size)-\(theme.rawValue)" + (notices.isEmpty ? "" : "-notices")
                + (air ? "-air" : "") + (language == .en ? "" : "-\(language.rawValue)")
        }
        var testDescription: String { name }
    }

    static let notices: [PageNotice] = [
        .stale(
            dataTime: DemoData.now.addingTimeInterval(-3 * 3600),
            nextRetry: DemoData.now.addingTimeInterval(100), reason: "offline"),
        .error("sensor missing: no answer at 0x76 on /dev/i2c-1"),
    ]

    /// Notices too long for one line: the second line shows where the page has room.
    static let longNotices: [PageNotice] = [
        .error(
            "Config line 12: display.cycle_seconds must be a whole number from 2 to 3600 seconds, not 0 — the last good config is in use"
        ),
        .error(
            "No forecast: could not resolve host api.open-meteo.com: check the network connection and DNS, or the host name in the configured URL."
        ),
    ]

    static let cases: [Case] =
        PageKind.allCases.flatMap { page in
            [
                Case(page: page, size: PixelSize(width: 320, height: 240), theme: .dark),
                Case(page: page, size: PixelSize(width: 800, height: 480), theme: .dark),
                Case(page: page, size: PixelSize(width: 1920, height: 1080), theme: .dark),
                Case(page: page, size: PixelSize(width: 800, height: 480), theme: .light),
            ]
        } + [
            Case(
                page: .city, size: PixelSize(width: 800, height: 480), theme: .dark,
                notices: notices),
            Case(
                page: .hourly, size: PixelSize(width: 320, height: 240), theme: .dark,
                notices: notices),
            Case(
                page: .indoor, size: PixelSize(width: 320, height: 240), theme: .dark,
                notices: longNotices),
            Case(
                page: .map, size: PixelSize(width: 800, height: 480), theme: .dark,
                notices: longNotices),
            Case(page: .sky, size: PixelSize(width: 320, height: 240), theme: .light),
            Case(page: .sky, size: PixelSize(width: 480, height: 800), theme: .paper),
            Case(page: .air, size: PixelSize(width: 320, height: 240), theme: .light),
            Case(page: .air, size: PixelSize(width: 480, height: 800), theme: .paper),
            Case(
                page: .dashboard, size: PixelSize(width: 800, height: 480), theme: .dark, air: true),
            Case(
                page: .dashboard, size: PixelSize(width: 800, height: 480), theme: .paper, air: true
            ),
            Case(
                page: .dashboard, size: PixelSize(width: 480, height: 800), theme: .light, air: true
            ),
            // The city page in German and Italian, and French on the smallest screen,
            // looked at by a person (issue 33).
            Case(
                page: .city, size: PixelSize(width: 800, height: 480), theme: .dark,
                language: .de),
            Case(
                page: .city, size: PixelSize(width: 800, height: 480), theme: .dark,
                language: .it),
            Case(
                page: .city, size: PixelSize(width: 320, height: 240), theme: .dark,
                language: .fr),
        ]

    /// Pixels whose channels differ by more than this count as different.
    static let channelTolerance = 24
    /// The share of pixels that may differ.
    static let allowedFraction = 0.002

    @Test(arguments: cases)
    func pageMatchesItsGolden(_ test: Case) throws {
        var model = DemoData.model(
            page: test.page, theme: test.theme, notices: test.notices, language: test.language)
        if test.air { model.city?.airQuality = try DashboardPageTests.recordedAir() }
        try expectMatchesGolden(
            try renderer.render(model, size: test.size).image, name: test.name,
            tolerance: Self.channelTolerance, allowedFraction: Self.allowedFraction)
    }

    @Test func aChangedPageFailsTheComparison() throws {
        let model = DemoData.model(page: .city)
        let size = PixelSize(width: 320, height: 240)
        let golden = try PNGCodec.decode(
            try #require(readFile(goldenDirectory() + "/city-320x240-dark.png")))
        var other = model
        other.city?.forecast?.current?.temperature = Temperature(celsius: 31)
        let changed = try renderer.render(other, size: size).image
        let result = difference(changed, golden, tolerance: Self.channelTolerance)
        #expect(result.differingFraction > Self.allowedFraction)
    }
}
