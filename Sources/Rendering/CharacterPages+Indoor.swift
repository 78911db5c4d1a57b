import KioskCore

/// The indoor page on a character LCD: the temperature and humidity, the pressure and its
/// tendency, the dew point and the [[sensors]]' lines.
extension CharacterPageText {
    func indoor() -> CharacterPage {
        let title: [CharacterLine] = [[t(language.localized("Indoor"))]]
        switch model.indoor {
        case .noSensor where !sensorSections().isEmpty:
            return CharacterPage(title: title, clock: kioskClock, sections: sensorSections())
        case .noSensor:
            let message = CharacterSection { width, budget in
                Array(
                    CharacterFit.wrap(
                        language.localized(
                            "No sensor: sensor.kind is \"none\"", context: "small display"),
                        width: width
                    )
                    .prefix(budget))
            }
            return CharacterPage(title: title, clock: kioskClock, sections: [message])
        case .failed(let reason):
            let message = CharacterSection(isList: true) { width, _ in
                [
                    CharacterFit.line(
                        [
                            [t(language.localized("Sensor unavailable", context: "small display"))],
                            [t(language.localized("Sensor error", context: "small display"))],
                        ], width: width)
                ]
                    + CharacterFit.wrap(reason, width: width).prefix(3)
            }
            return CharacterPage(title: title, clock: kioskClock, sections: [message])
        case .reading(let conditions):
            return CharacterPage(
                title: title, clock: kioskClock, sections: indoorSections(conditions))
        }
    }

    func indoorSections(_ conditions: IndoorConditions) -> [CharacterSection] {
        let reading = conditions.reading
        let unit = model.units.temperature
        let temperature = WeatherFormat.temperature(
            reading.temperature, in: unit, digits: 1, language: model.language)
        let humidity = reading.humidity.map {
            WeatherFormat.percent($0, language: model.language).replacing(" ", with: "")
        }
        let dewPoint = conditions.dewPoint.map {
            WeatherFormat.temperature($0, in: unit, language: model.language)
        }
        let climate = CharacterSection { width, _ in
            var line: CharacterLine = [.icon(.thermometer), t(temperature)]
            if let humidity { line += [t(" "), .icon(.drop), t(humidity)] }
            return [CharacterFit.line([line], width: width)]
        }
        let pressure = CharacterSection { width, budget in
            let value = values.pressure(conditions.seaLevelPressure ?? reading.pressure)
            let trend: [CharacterLine]
            switch conditions.tendency {
            case .rising:
                trend = [
                    [.icon(.rising), t(language.localized("rising", context: "pressure"))],
                    [.icon(.rising)],
                ]
            case .falling:
                trend = [
                    [.icon(.falling), t(language.localized("falling", context: "pressure"))],
                    [.icon(.falling)],
                ]
            case .steady:
                trend = [
                    [.codes([0x7E]), t(language.localized("steady", context: "pressure"))],
                    [.codes([0x7E])],
                ]
            case nil: trend = [[]]
            }
            var lines = [
                CharacterFit.line(
                    trend.map { [t(value + " ")] + $0 } + [[t(value)]], width: width)
            ]
            if budget >= 2, let dewPoint {
                lines.append(CharacterFit.line([[t(dewPointText(dewPoint))]], width: width))
            }
            return lines
        }
        // With one line per section (20×4, 40×2) the dew point has a line of its own; a 16×2
        // shows it under the pressure.
        let dew = CharacterSection { width, budget in
            guard budget < 2, let dewPoint else { return [] }
            return [
                CharacterFit.line(
                    [
                        [t(dewPointText(dewPoint))],
                        // TRANSLATORS: the dew point's shortest label on a 16-column LCD.
                        [t(language.localized("Dew", context: "LCD: dew point") + " " + dewPoint)],
                    ], width: width)
            ]
        }
        return [climate, pressure, dew] + sensorSections()
    }

    /// "Dew point 9°": the indoor page's dew point line.
    func dewPointText(_ dewPoint: String) -> String {
        // TRANSLATORS: the character LCD's indoor page, capitalised at the start of a line.
        language.localized("Dew point {temperature}", context: "LCD", ["temperature": dewPoint])
    }

    /// The [[sensors]]' lines: "CO2 893 ppm good" (shorter where it must be), "Outdoor 5.6°".
    func sensorSections() -> [CharacterSection] {
        var sections: [CharacterSection] = []
        let board = model.sensors
        let carbonDioxide = board.lazy.filter { $0.entry.role == .indoor }
            .compactMap(\.values?.carbonDioxide).first
        if let co2 = carbonDioxide {
            let ppm = Int(co2.partsPerMillion.rounded())
            let band = co2.band.word(in: language)
            sections.append(
                CharacterSection { width, budget in
                    // A 16×2 has no room for "CO2 1450 ventilate": the band takes a line.
                    if budget >= 2, "CO2 \(ppm) \(band)".count > width {
                        return [
                            CharacterFit.line(
                                [[t("CO2 \(ppm) ppm")], [t("CO2 \(ppm)")]], width: width),
                            CharacterFit.line([[t(band)]], width: width),
                        ]
                    }
                    return [
                        CharacterFit.line(
                            [
                                [t("CO2 \(ppm) ppm \(band)")], [t("CO2 \(ppm) \(band)")],
                                [t("CO2 \(ppm)")],
                            ],
                            width: width)
                    ]
                })
        }
        if let outdoor = board.first(where: {
            $0.entry.role == .outdoor && $0.values?.temperature != nil
        }),
            let temperature = outdoor.values?.temperature
        {
            let value = WeatherFormat.temperature(
                temperature, in: model.units.temperature, digits: 1, language: model.language)
            sections.append(
                CharacterSection { width, _ in
                    [
                        CharacterFit.line(
                            [
                                [t(language.localized("Outdoor") + " " + value)],
                                // TRANSLATORS: "Outdoor" shortened for a 16-column LCD.
                                [
                                    t(
                                        language.localized("Out", context: "LCD: outdoor") + " "
                                            + value)
                                ],
                            ], width: width)
                    ]
                })
        }
        return sections
    }
}
