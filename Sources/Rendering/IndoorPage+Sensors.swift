import FoundationEssentials
import KioskCore

extension PageContext {
    /// The `[[sensors]]`' tiles beside the BME280's: the indoor CO2 with its band, and the
    /// outdoor temperature (with the outdoor humidity when the chip measures it), each with
    /// its 24 hours and its 3-hour tendency as the BME280's pressure has.
    func sensorTiles() -> [IndoorTile] {
        let board = model.sensors
        var tiles: [IndoorTile] = []
        if let co2 = board.first(where: {
            $0.entry.role == .indoor && $0.values?.carbonDioxide != nil
        }),
            let value = co2.values?.carbonDioxide
        {
            let band = value.band
            let (text, color): (String, Color) =
                switch band {
                case .good: (language.localized("good", context: "CO2"), palette.accent)
                case .ventilate:
                    (language.localized("ventilate", context: "CO2"), palette.warning)
                case .poor:
                    (language.localized("poor: ventilate now", context: "CO2"), palette.error)
                }
            tiles.append(
                IndoorTile(
                    label: language.localized("CO2 (ppm)"),
                    value: "\(Int(value.partsPerMillion.rounded()))",
                    note: [
                        TextRun(
                            text: stale(co2) ?? text,
                            color: stale(co2) == nil ? color : palette.error)
                    ],
                    color: color,
                    history: co2.history.carbonDioxide.samples.map { ($0.time, $0.value) },
                    minimumSpan: 200, tendency: co2.history.carbonDioxideTendency))
        }
        if let outdoor = board.first(where: {
            $0.entry.role == .outdoor && $0.values?.temperature != nil
        }),
            let temperature = outdoor.values?.temperature
        {
            let unit = model.units.temperature
            var note = outdoor.entry.name
            if let humidity = outdoor.values?.humidity {
                note += " · " + values.percent(humidity)
            }
            tiles.append(
                IndoorTile(
                    label: language.localized("Outdoor"),
                    value: values.temperature(temperature, digits: 1),
                    note: [
                        TextRun(
                            text: stale(outdoor) ?? note,
                            color: stale(outdoor) == nil ? palette.secondary : palette.error)
                    ],
                    color: palette.cool,
                    history: outdoor.history.temperature.samples.map {
                        ($0.time, Temperature(celsius: $0.value).value(in: unit))
                    }, minimumSpan: 2, tendency: outdoor.history.temperatureTendency))
        }
        return tiles
    }

    /// `content` split in two, rows on a landscape page and columns on an upright one.
    func twoBands(_ content: Rect, gap: Double) -> [Rect] {
        metrics.isPortrait ? content.columns(2, gap: gap) : content.rows(2, gap: gap)
    }

    /// "no reading since 14:05" while the sensor fails; nil while it reads.
    private func stale(_ status: SensorStatus) -> String? {
        guard status.error != nil else { return nil }
        guard let readAt = status.readAt else { return language.localized("no reading") }
        return language.localized(
            "no reading since {time}",
            ["time": values.clock(readAt, offset: model.kioskUTCOffsetSeconds)])
    }
}
