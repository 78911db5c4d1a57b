import FoundationEssentials
import KioskCore
import Rendering
import Testing

/// One rule for what a place's weather is "now" where favourites are shown side by side
/// (issue 28 point 14): the full map, the LCD's and the OLED's lists all show the current
/// conditions (temperature, weather, day or night), and today's high and weather only for a
/// forecast without a current block.
@Suite struct FavouriteConditionsTests {
    /// The demo with every favourite's current weather set to `current` and today's to
    /// `today`.
    static func model(current: Int, today: Int, page: PageKind = .map) -> PageModel {
        var model = DemoData.model(page: page)
        model.favourites = model.favourites.map { weather in
            var weather = weather
            weather.forecast?.current?.weatherCode = WeatherCode(rawValue: current)
            weather.forecast?.current?.isDay = true
            if let index = weather.forecast?.daily.firstIndex(where: {
                $0.date == weather.forecast?.today(at: model.now)?.date
            }) {
                weather.forecast?.daily[index].weatherCode = WeatherCode(rawValue: today)
            }
            return weather
        }
        return model
    }

    @Test func theRuleIsTheCurrentConditionsThenTodays() throws {
        let model = Self.model(current: 0, today: 65)
        let weather = try #require(model.favourites.first)
        let now = weather.conditionsNow(at: model.now)
        #expect(now.weatherCode == WeatherCode(rawValue: 0))
        #expect(now.temperature == weather.forecast?.current?.temperature)
        var noCurrent = weather
        noCurrent.forecast?.current = nil
        let today = noCurrent.conditionsNow(at: model.now)
        #expect(today.weatherCode == WeatherCode(rawValue: 65))
        #expect(today.temperature == weather.forecast?.today(at: model.now)?.temperatureMax)
    }

    @Test(arguments: [PixelSize(width: 800, height: 480), PixelSize(width: 128, height: 64)])
    func theMapShowsTheCurrentWeatherNotTodays(_ size: PixelSize) throws {
        let base = try renderer.render(Self.model(current: 0, today: 65), size: size).image
        // Today's weather changes: the map stays as it was.
        let otherDay = try renderer.render(Self.model(current: 0, today: 95), size: size).image
        #expect(difference(base, otherDay, tolerance: 0).differingPixels == 0, "\(size)")
        // The current weather changes: the map's icons change.
        let otherNow = try renderer.render(Self.model(current: 65, today: 65), size: size).image
        #expect(difference(base, otherNow, tolerance: 0).differingPixels > 0, "\(size)")
    }

    @Test func theLCDsListShowsTheCurrentWeatherToo() throws {
        func glyphs(_ model: PageModel) -> [CharacterFrame] {
            CharacterPageLayout(size: .size20x4).frames(for: model)
        }
        let base = glyphs(Self.model(current: 0, today: 65))
        #expect(base == glyphs(Self.model(current: 0, today: 95)))
        #expect(base != glyphs(Self.model(current: 65, today: 65)))
    }
}
