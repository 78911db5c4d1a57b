import FoundationEssentials
import KioskCore

/// The pages for OLED-sized screens (128×64 and 128×32; any screen under 160×120): the same
/// content as the large pages, laid out on a pixel grid for DejaVu at 7 to 24 pixels and
/// icons of 12 to 30 pixels, meant for the monochrome mode. A 128×32 screen shows the city
/// and indoor pages in two steps; the favourites take a step per four (two) cities.
///
/// The right-most column and the bottom row stay dark: the OLED drivers move the picture
/// by a pixel now and then against burn-in.
extension PageContext {
    /// The screen without the column and row kept free for the burn-in shift.
    var tinyArea: Rect {
        Rect(x: 0, y: 0, width: Double(canvas.width - 1), height: Double(canvas.height - 1))
    }

    /// Whether the screen is 32 pixels tall or so rather than 64.
    var isShortTiny: Bool { canvas.height < 48 }

    /// How many steps a page takes on a tiny screen of `size`.
    static func tinySteps(_ model: PageModel, size: PixelSize) -> Int {
        let short = size.height < 48
        switch model.page {
        case .city, .dashboard, .empty, .warning: return short ? 2 : 1
        case .indoor:
            // The [[sensors]] take a step of their own after the BME280's.
            let sensors = tinySensorLines(model).isEmpty ? 0 : 1
            guard case .reading = model.indoor else { return max(1, sensors) }
            return (short ? 2 : 1) + sensors
        case .hourly: return 1
        case .sky: return short ? 2 : 1
        case .air: return short ? 2 : 1
        case .map:
            let perStep = short ? 2 : 4
            return max(1, (model.favourites.count + perStep - 1) / perStep)
        }
    }

    /// Draws the page's step `step` on a tiny screen.
    func drawTinyPage(step: Int) {
        let steps = Self.tinySteps(
            model, size: PixelSize(width: canvas.width, height: canvas.height))
        let step = ((step % steps) + steps) % steps
        switch model.page {
        // An OLED has no room for a dashboard: the city page is its summary.
        case .city, .dashboard: drawTinyCity(step: step)
        case .hourly: drawTinyHourly()
        case .indoor: drawTinyIndoor(step: step)
        case .map: drawTinyFavourites(step: step)
        case .sky: drawTinySky(step: step)
        case .air: drawTinyAir(step: step)
        case .empty: drawTinyEmpty(step: step)
        case .warning: drawTinyWarning(step: step)
        }
    }

    // MARK: Shared parts

    /// Text in a row, as large as `size` allows; nil when nothing fits.
    @discardableResult
    func tinyText(
        _ text: String, in rect: Rect, size: Double, bold: Bool = false,
        alignment: TextAlignment = .left
    ) -> TextPlacement? {
        canvas.drawText(
            text, in: rect, style: bold ? .bold : .regular, size: size, color: palette.primary,
            alignment: alignment)
    }

    /// The header row: title on the left, a clock (with "!" before it when there are
    /// notices) on the right. Returns what is left below it.
    func tinyHeader(_ title: String, clock: String?, in area: Rect) -> Rect {
        let (row, rest) = area.sliceTop(11)
        var titleArea = row
        var right = clock ?? ""
        if !model.notices.isEmpty { right = "! " + right }
        if !right.isEmpty {
            let width = canvas.measure(right, style: .regular, size: 10).advance + 1
            let (clockArea, left) = row.sliceRight(min(width, row.width * 0.5))
            tinyText(right, in: clockArea, size: 10, alignment: .right)
            titleArea = left.sliceRight(3).1
        }
        tinyText(title, in: titleArea, size: 10, bold: true)
        return rest.sliceTop(1).1
    }

    /// "15:05" in a city's time, or the kiosk's without a forecast.
    func tinyClock(_ forecast: LocationForecast?) -> String {
        let local =
            forecast?.localTime(at: model.now)
            ?? LocalDateTime(model.now, utcOffsetSeconds: model.kioskUTCOffsetSeconds)
        return local.clockText(model.units.clock, language: language)
    }

    // MARK: City

    /// `name` after "!" while the place shown has a warning: the OLED's marker.
    private func warningMarked(_ name: String) -> String {
        model.warning == nil ? name : "!" + name
    }

    private func drawTinyCity(step: Int) {
        guard let weather = model.city else { return drawTinyEmpty(step: 0) }
        let forecast = weather.forecast
        let current = forecast?.current
        let today = forecast?.today(at: model.now)
        let days = forecast?.upcomingDays(after: model.now, count: 3) ?? []
        let area = tinyArea
        if isShortTiny {
            if step == 0 {
                let (iconArea, right) = area.sliceLeft(area.height)
                drawIcon(
                    current?.weatherCode?.icon ?? .unknown, isDay: current?.isDay ?? true,
                    in: iconArea.inset(1))
                var (nameRow, rest) = right.sliceLeft(3).1.sliceTop(11)
                if let credit = tinyCredit(weather) {
                    // The credit MET Norway's licence asks for, right of the name.
                    let width = canvas.measure(credit, style: .regular, size: 8).advance + 1
                    let (creditArea, left) = nameRow.sliceRight(width)
                    tinyText(credit, in: creditArea, size: 8, alignment: .right)
                    nameRow = left.sliceRight(3).1
                }
                tinyText(warningMarked(weather.displayName), in: nameRow, size: 10, bold: true)
                let (temperatureArea, detail) = rest.sliceLeft(rest.width * 0.5)
                tinyText(
                    values.temperature(current?.temperature), in: temperatureArea,
                    size: 20, bold: true)
                let lines = detail.rows(2)
                tinyText(tinyClock(forecast), in: lines[0], size: 9, alignment: .right)
                tinyText(
                    values.percent(current?.relativeHumidity), in: lines[1], size: 9,
                    alignment: .right)
            } else {
                drawTinyDays(days, in: area, icons: true)
            }
            return
        }
        let below = tinyHeader(
            warningMarked(weather.displayName), clock: tinyClock(forecast), in: area)
        let (middle, rest) = below.sliceTop(28)
        let (conditionRow, daysRow) = rest.sliceTop(11)
        let (iconArea, afterIcon) = middle.sliceLeft(28)
        drawIcon(
            current?.weatherCode?.icon ?? .unknown, isDay: current?.isDay ?? true,
            in: iconArea)
        let (temperatureArea, highLowArea) = afterIcon.sliceLeft(3).1.sliceLeft(
            afterIcon.width * 0.52)
        tinyText(
            values.temperature(current?.temperature), in: temperatureArea, size: 24,
            bold: true)
        let highLow = highLowArea.insetBy(dx: 0, dy: 2).rows(2)
        // TRANSLATORS: the OLED's day high and low, "H 14°" and "L 6°": one or two letters.
        let high = language.localized("H", context: "OLED: the day's high temperature")
        let low = language.localized("L", context: "OLED: the day's low temperature")
        tinyText(
            high + " " + values.temperature(today?.temperatureMax), in: highLow[0],
            size: 10, alignment: .right)
        tinyText(
            low + " " + values.temperature(today?.temperatureMin), in: highLow[1],
            size: 10, alignment: .right)
        let humidity = values.percent(current?.relativeHumidity)
        let humidityWidth = canvas.measure(humidity, style: .regular, size: 9).advance + 1
        var (humidityArea, conditionArea) = conditionRow.sliceRight(humidityWidth)
        tinyText(humidity, in: humidityArea, size: 9, alignment: .right)
        let isDay = current?.isDay ?? true
        var condition =
            current?.weatherCode?.condition(isDay: isDay, language: language)
            ?? language.localized("No data yet")
        if let credit = tinyCredit(weather) {
            // The credit MET Norway's licence asks for, between the condition (in its short
            // form) and the humidity.
            let width = canvas.measure(credit, style: .regular, size: 9).advance + 1
            let creditArea: Rect
            (creditArea, conditionArea) = conditionArea.sliceRight(3).1.sliceRight(width)
            tinyText(credit, in: creditArea, size: 9, alignment: .right)
            condition =
                current?.weatherCode?.shortCondition(isDay: isDay, language: language)
                ?? language.localized("No data")
        }
        // A pixel of room on the left: a "W" reaches left of its origin.
        tinyText(condition, in: conditionArea.sliceRight(3).1.sliceLeft(1).1, size: 9)
        drawTinyDays(days, in: daysRow.sliceTop(1).1, icons: false)
    }

    /// "met.no" for a place whose forecast is MET Norway's (its licence asks for the
    /// credit); nil otherwise.
    func tinyCredit(_ weather: CityWeather) -> String? {
        weather.creditedProvider?.shortCredit
    }

    /// The next days side by side: "Mo 20/11", with an icon above when there is room.
    private func drawTinyDays(
        _ days: [DailyForecast], in area: Rect, icons: Bool
    ) {
        guard !days.isEmpty else {
            tinyText(language.localized("No daily forecast"), in: area, size: 9, alignment: .center)
            return
        }
        for (day, cell) in zip(days, area.columns(3, gap: 2)) {
            let name = String(day.date.weekdayName(.abbreviated, language: language).prefix(2))
            let high = values.temperature(day.temperatureMax)
            let low = values.temperature(day.temperatureMin)
            let temperatures = high.replacing("°", with: "") + "/" + low.replacing("°", with: "")
            if icons {
                let (bottom, top) = cell.sliceBottom(10)
                let (label, iconArea) = top.sliceLeft(min(top.width * 0.4, 16))
                tinyText(name, in: label, size: 9, bold: true)
                drawIcon(
                    day.weatherCode?.icon ?? .unknown, isDay: true, in: iconArea.centeredSquare)
                tinyText(temperatures, in: bottom, size: 9, alignment: .center)
            } else {
                tinyText(name + " " + temperatures, in: cell, size: 9, alignment: .center)
            }
        }
    }

    // MARK: Hourly

    private func drawTinyHourly() {
        guard let weather = model.city else { return drawTinyEmpty(step: 0) }
        let forecast = weather.forecast
        let hours = forecast?.upcomingHours(from: model.now, count: 24) ?? []
        let temperatures = hours.map { values.convert($0.temperature) }
        let known = temperatures.compactMap { $0 }
        let area = tinyArea
        let title = isShortTiny ? weather.displayName : weather.displayName + " 24 h"
        var range = ""
        if let low = known.min(), let high = known.max() {
            range =
                WeatherFormat.degrees(low, language: language) + "…"
                + WeatherFormat.degrees(high, language: language)
        }
        let below = tinyHeader(title, clock: range, in: area)
        guard let forecast, hours.count >= 2, let low = known.min(), let high = known.max() else {
            tinyText(
                language.localized("No hourly forecast"), in: below, size: 9, alignment: .center)
            return
        }
        let labelHeight = isShortTiny ? 0.0 : 9.0
        let (labelRow, chartArea) = below.sliceBottom(labelHeight)
        let curveArea = chartArea.insetBy(dx: 1, dy: 2)
        let span = max(high - low, 2)
        let step = curveArea.width / Double(hours.count - 1)
        func x(_ index: Int) -> Double { curveArea.minX + Double(index) * step }
        canvas.newPath()
        var started = false
        for (index, temperature) in temperatures.enumerated() {
            guard let temperature else { continue }
            let point = Point(
                x: x(index), y: curveArea.maxY - (temperature - low) / span * curveArea.height)
            if started { canvas.line(to: point) } else { canvas.move(to: point) }
            started = true
        }
        canvas.stroke(palette.primary, width: 1)
        guard labelHeight > 0 else { return }
        // Hour labels every six hours, in the city's time, over dotted ticks.
        for (index, hour) in hours.enumerated() where index % 6 == 0 && index < hours.count - 3 {
            let tick = x(index).rounded(.down)
            for y in stride(from: chartArea.minY, to: chartArea.maxY, by: 3) {
                canvas.fill(
                    Rect(x: tick, y: y.rounded(.down), width: 1, height: 1), palette.primary)
            }
            tinyText(
                values.hour(hour.time, offset: forecast.utcOffsetSeconds),
                in: Rect(x: tick, y: labelRow.minY, width: 30, height: labelHeight), size: 8)
        }
    }
}
