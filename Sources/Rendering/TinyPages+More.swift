import KioskCore

/// The indoor, favourites and empty pages for OLED-sized screens.
extension PageContext {
    // MARK: Indoor

    func drawTinyIndoor(step: Int) {
        let area = tinyArea
        let clock = LocalDateTime(model.now, utcOffsetSeconds: model.kioskUTCOffsetSeconds)
            .clockText(model.units.clock, language: language)
        let sensorLines = Self.tinySensorLines(model)
        let lastStep =
            Self.tinySteps(model, size: PixelSize(width: canvas.width, height: canvas.height)) - 1
        if !sensorLines.isEmpty, step == lastStep {
            return drawTinySensors(
                sensorLines,
                in: isShortTiny
                    ? area : tinyHeader(language.localized("Indoor"), clock: clock, in: area))
        }
        let below =
            isShortTiny && step == 1
            ? area : tinyHeader(language.localized("Indoor"), clock: clock, in: area)
        guard case .reading(let conditions) = model.indoor else {
            let message: String
            if case .failed(let reason) = model.indoor {
                message = language.localized(
                    "Sensor unavailable: {reason}", context: "small display", ["reason": reason])
            } else {
                message = language.localized(
                    "No sensor (sensor.kind = \"none\")", context: "small display")
            }
            canvas.drawParagraph(
                message, in: below, style: .regular, size: 9, color: palette.primary,
                alignment: .left)
            return
        }
        let reading = conditions.reading
        let unit = model.units.temperature
        let temperature = WeatherFormat.temperature(
            reading.temperature, in: unit, digits: 1, language: model.language)
        let humidity = reading.humidity.map { WeatherFormat.percent($0, language: model.language) }
        let pressure = values.pressure(conditions.seaLevelPressure ?? reading.pressure)
        let tendency: String
        switch conditions.tendency {
        case .rising: tendency = language.localized("rising", context: "pressure")
        case .falling: tendency = language.localized("falling", context: "pressure")
        case .steady: tendency = language.localized("steady", context: "pressure")
        case nil: tendency = language.localized("tendency after 3 h")
        }
        let dewPoint = conditions.dewPoint.map {
            language.localized(
                "dew point {temperature}",
                ["temperature": WeatherFormat.temperature($0, in: unit, language: model.language)])
        }
        if isShortTiny {
            if step == 0 {
                let (left, right) = below.sliceLeft(below.width * 0.6)
                tinyText(temperature, in: left, size: 20, bold: true)
                tinyText(humidity ?? "", in: right, size: 14, bold: true, alignment: .right)
            } else {
                let rows = below.rows(3)
                tinyText(pressure, in: rows[0], size: 10, bold: true)
                drawTinyTendency(conditions.tendency, text: tendency, in: rows[1])
                tinyText(dewPoint ?? "", in: rows[2], size: 9)
            }
            return
        }
        let (top, bottom) = below.sliceTop(26)
        let (temperatureArea, humidityArea) = top.sliceLeft(top.width * 0.62)
        tinyText(temperature, in: temperatureArea, size: 24, bold: true)
        tinyText(humidity ?? "", in: humidityArea, size: 14, bold: true, alignment: .right)
        let rows = bottom.sliceTop(1).1.rows(2)
        let pressureWidth = canvas.measure(pressure, style: .bold, size: 10).advance + 2
        let (pressureArea, trendArea) = rows[0].sliceLeft(pressureWidth)
        tinyText(pressure, in: pressureArea, size: 10, bold: true)
        drawTinyTendency(conditions.tendency, text: tendency, in: trendArea.sliceLeft(3).1)
        tinyText(
            dewPoint
                ?? (reading.chip.measuresHumidity ? "" : language.localized("BMP280: no humidity")),
            in: rows[1], size: 9)
    }

    /// The [[sensors]]' lines: "CO2 1450 ventilate" (its band on a line of its own on a
    /// 128×64), "Outdoor -12.5°"; "no reading" while a sensor fails.
    static func tinySensorLines(_ model: PageModel) -> [(text: String, bold: Bool)] {
        var lines: [(String, Bool)] = []
        let language = model.language
        let noReading = language.localized("no reading")
        if let (status, co2) = model.sensors.first(.indoor, \.carbonDioxide) {
            let ppm = Int(co2.partsPerMillion.rounded())
            lines.append(("CO2 \(ppm)", true))
            lines.append((status.error == nil ? co2.band.word(in: language) : noReading, false))
        }
        if let (status, temperature) = model.sensors.first(.outdoor, \.temperature) {
            let value = WeatherFormat.temperature(
                temperature, in: model.units.temperature, digits: 1, language: language)
            lines.append(
                (
                    language.localized("Outdoor") + " " + (status.error == nil ? value : noReading),
                    true
                ))
        }
        return lines
    }

    /// The sensors' step: on a 128×32 the CO2 and its band share a line.
    private func drawTinySensors(_ lines: [(text: String, bold: Bool)], in area: Rect) {
        var lines = lines
        if isShortTiny, lines.first?.text.hasPrefix("CO2") == true {
            let co2 = lines.removeFirst().text + " " + lines.removeFirst().text
            lines.insert((co2, true), at: 0)
        }
        for (line, row) in zip(lines, area.insetBy(dx: 1, dy: 0).rows(lines.count)) {
            tinyText(line.text, in: row, size: isShortTiny ? 10 : 12, bold: line.bold)
        }
    }

    /// An arrow (up, level or down) and the word.
    private func drawTinyTendency(_ tendency: PressureTendency?, text: String, in row: Rect) {
        var textArea = row
        if let tendency {
            let (arrowArea, rest) = row.sliceLeft(row.height)
            let box = arrowArea.inset(1.5)
            let (start, end): (Point, Point)
            switch tendency {
            case .rising:
                (start, end) = (Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.minY))
            case .steady:
                (start, end) = (Point(x: box.minX, y: box.midY), Point(x: box.maxX, y: box.midY))
            case .falling:
                (start, end) = (Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.maxY))
            }
            canvas.newPath()
            canvas.move(to: start)
            canvas.line(to: end)
            let dx = (end.x - start.x) / 2.5
            let dy = (end.y - start.y) / 2.5
            canvas.move(to: end)
            canvas.line(to: Point(x: end.x - dx - dy / 2, y: end.y - dy + dx / 2))
            canvas.move(to: end)
            canvas.line(to: Point(x: end.x - dx + dy / 2, y: end.y - dy - dx / 2))
            canvas.stroke(palette.primary, width: 1)
            textArea = rest.sliceLeft(2).1
        }
        tinyText(text, in: textArea, size: 9)
    }

    // MARK: Favourites

    func drawTinyFavourites(step: Int) {
        let area = tinyArea
        let perStep = isShortTiny ? 2 : 4
        let clock = LocalDateTime(model.now, utcOffsetSeconds: model.kioskUTCOffsetSeconds)
            .clockText(model.units.clock, language: language)
        let list =
            isShortTiny
            ? area : tinyHeader(language.localized("Favourites"), clock: clock, in: area)
        let shown = model.favourites.dropFirst(step * perStep).prefix(perStep)
        for (weather, row) in zip(shown, list.rows(perStep)) {
            let now = weather.conditionsNow(at: model.now)
            let temperature = values.temperature(now.temperature)
            let size = isShortTiny ? 12.0 : 10.0
            let temperatureWidth = canvas.measure(temperature, style: .bold, size: size).advance + 1
            let (temperatureArea, rest) = row.sliceRight(temperatureWidth)
            let (iconArea, nameArea) = rest.sliceRight(row.height + 2)
            tinyText(temperature, in: temperatureArea, size: size, bold: true, alignment: .right)
            drawIcon(
                now.weatherCode?.icon ?? .unknown, isDay: now.isDay,
                in: iconArea.centeredSquare)
            let selected = weather.city == model.city?.city
            tinyText(weather.displayName, in: nameArea, size: size, bold: selected)
        }
    }

    // MARK: Empty

    func drawTinyEmpty(step: Int) {
        let host = model.host
        let address = host.addresses.first ?? (host.name.isEmpty ? "KIOSK" : host.name)
        let area = tinyArea
        if isShortTiny && step == 1 {
            let rows = area.rows(3)
            tinyText("weather-kiosk", in: rows[0], size: 9)
            tinyText("city add NAME", in: rows[1], size: 9)
            tinyText(
                language.localized("(over SSH, with sudo)", context: "small display"), in: rows[2],
                size: 8)
            return
        }
        let clock = LocalDateTime(model.now, utcOffsetSeconds: model.kioskUTCOffsetSeconds)
            .clockText(model.units.clock, language: language)
        let below = tinyHeader(language.localized("No favourites"), clock: clock, in: area)
        let rows = below.rows(isShortTiny ? 2 : 4)
        tinyText(language.localized("Add one over SSH:"), in: rows[0], size: 9)
        tinyText("ssh " + address, in: rows[1], size: 9, bold: true)
        if !isShortTiny {
            tinyText("sudo weather-kiosk", in: rows[2], size: 9)
            tinyText("  city add NAME", in: rows[3], size: 9)
        }
    }

    /// A severe or extreme warning: "!" and the place, the event, until when and who says
    /// so (a 128×32 screen gives the source a step of its own).
    func drawTinyWarning(step: Int) {
        guard let weather = model.city, let warning = model.warningPage else {
            return drawTinyEmpty(step: step)
        }
        let source =
            warning.official
            ? language.localized(
                "from {source}", context: "warning source", ["source": warning.sourceName])
            : language.localized("kiosk's own reading", context: "warning source")
        let area = tinyArea
        if isShortTiny && step == 1 {
            let rows = area.rows(2)
            tinyText(warning.period, in: rows[0], size: 9)
            tinyText(source, in: rows[1], size: 9)
            return
        }
        let below = tinyHeader(
            "!" + weather.displayName, clock: tinyClock(weather.forecast), in: area)
        let rows = below.rows(isShortTiny ? 2 : 4)
        tinyText(warning.title, in: rows[0], size: 9, bold: true)
        tinyText(warning.event, in: rows[1], size: 10, bold: true)
        if !isShortTiny {
            tinyText(warning.period, in: rows[2], size: 9)
            tinyText(source, in: rows[3], size: 9)
        }
    }
}
