import KioskCore
import Rendering
import Testing

/// Every WMO group has a drawing of its own, inside its square, and the groups with a sun
/// have a night drawing with a moon.
@Suite struct WeatherIconTests {
    static let side = 96

    /// The icon alone on a background, as pixels.
    static func draw(_ icon: WeatherIcon, isDay: Bool, theme: Theme = .dark) throws -> PixelImage {
        try renderer.renderIcon(icon, isDay: isDay, side: side, theme: theme)
    }

    /// Pixels that differ from the corner, which is always background.
    static func inkPixels(_ image: PixelImage, theme: Theme) -> Int {
        image.pixels.filter { $0 != image.pixels[0] }.count
    }

    @Test(arguments: WeatherIcon.allCases, [true, false])
    func everyIconDrawsSomethingInsideItsSquare(_ icon: WeatherIcon, _ isDay: Bool) throws {
        for theme in Theme.allCases {
            let image = try Self.draw(icon, isDay: isDay, theme: theme)
            let ink = Self.inkPixels(image, theme: theme)
            #expect(ink > Self.side * Self.side / 20, "\(icon) draws only \(ink) pixels")
            // The outermost ring of pixels stays background: nothing leaves the square.
            let corner = image.pixels[0]
            for x in 0..<Self.side {
                #expect(image[x: x, y: 0] == corner && image[x: x, y: Self.side - 1] == corner)
                #expect(image[x: 0, y: x] == corner && image[x: Self.side - 1, y: x] == corner)
            }
        }
    }

    @Test func everyGroupLooksDifferent() throws {
        let drawings = try WeatherIcon.allCases.map { try Self.draw($0, isDay: true).pixels }
        #expect(Set(drawings).count == WeatherIcon.allCases.count)
    }

    @Test(arguments: [
        WeatherIcon.clear, .mainlyClear, .partlyCloudy, .showers, .snowShowers,
    ])
    func nightVariantsShowTheMoon(_ icon: WeatherIcon) throws {
        let day = try Self.draw(icon, isDay: true)
        let night = try Self.draw(icon, isDay: false)
        #expect(day != night)
        let sun = Palette.dark.sun
        let sunPixel =
            0xFF00_0000 | UInt32(sun.red * 255) << 16 | UInt32(sun.green * 255) << 8
            | UInt32(sun.blue * 255)
        #expect(day.pixels.contains(sunPixel))
        #expect(!night.pixels.contains(sunPixel))
    }

    @Test(arguments: [WeatherIcon.overcast, .fog, .rain, .snow, .thunderstorm])
    func groupsWithoutSunLookTheSameByNight(_ icon: WeatherIcon) throws {
        #expect(try Self.draw(icon, isDay: true) == (try Self.draw(icon, isDay: false)))
    }

    @Test func everyDocumentedCodeHasAGroupWithADrawing() {
        for code in WeatherCode.documented { #expect(code.icon != .unknown) }
    }
}
