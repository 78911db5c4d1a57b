import FoundationEssentials
import KioskCore

/// What the air page (and its LCD and OLED forms) says about one favourite: the index now on
/// the place's scale, the four pollutants, the pollen Open-Meteo counted there, and the next
/// hours' index.
///
/// The scale is `units.aqi` when set, else the place's country's (`Units.aqiScale(for:)`).
/// Without a `current` block (a response that asked only for hours) the index now is the
/// hour's that contains the page's instant. Pollen is nil where the response had none (outside
/// Europe): pages then say nothing about it, never zero.
struct AirNow {
    /// The scale the place is read on.
    var scale: AQIScale
    /// The index now; nil when the air-quality forecast has none for now.
    var index: AirQualityIndex?
    /// The air now, with the pollutants; nil without a `current` block.
    var current: AirQualityConditions?
    /// The next hours' index, from the hour that contains the page's instant.
    var trend: [(time: Date, index: AirQualityIndex)]
    /// The place's UTC offset, for the trend's hour labels.
    var utcOffsetSeconds: Int
    /// Whether any air-quality forecast has arrived for the place.
    var hasArrived: Bool

    /// The air at `weather` at `now` on `scale`, with up to `hours` hours of trend.
    init(_ weather: CityWeather, scale: AQIScale, now: Date, hours: Int = 12) {
        self.scale = scale
        let air = weather.airQuality
        hasArrived = air != nil
        current = air?.current
        utcOffsetSeconds =
            air?.utcOffsetSeconds ?? weather.forecast?.utcOffsetSeconds ?? 0
        trend = air?.trend(on: scale, from: now, count: hours) ?? []
        let thisHour = trend.first.flatMap { $0.time <= now ? $0.index : nil }
        index = current?.index(on: scale) ?? thisHour
    }

    /// The air of `model`'s favourite on the scale its units give it.
    init(_ model: PageModel, weather: CityWeather, hours: Int = 12) {
        self.init(
            weather, scale: model.units.aqiScale(for: weather.city), now: model.now, hours: hours)
    }

    /// The pollutants the page lists, in this order: a short name ("PM2.5", "O₃"), the
    /// name on a screen with room ("Ozone"), and the value.
    var pollutants: [(short: String, long: String, value: MassConcentration?)] {
        [
            ("PM2.5", "Fine particles PM2.5", current?.pm25),
            ("PM10", "Particles PM10", current?.pm10),
            ("O\u{2083}", "Ozone O\u{2083}", current?.ozone),
            ("NO\u{2082}", "Nitrogen dioxide NO\u{2082}", current?.nitrogenDioxide),
        ]
    }

    /// "22 µg/m³", "2.5 µg/m³" (tenths below 10, as the small numbers need); "–" without one.
    static func text(_ value: MassConcentration?) -> String {
        guard let value else { return "–" }
        let amount = value.microgramsPerCubicMetre
        let number =
            amount < 9.95
            ? String(Double((amount * 10).rounded()) / 10) : String(Int(amount.rounded()))
        return number + " " + MassConcentration.symbol
    }

    /// The plants counted, most pollen first; nil where the response had no pollen at all
    /// (outside Europe), so that pages say nothing about it.
    var pollen: [PollenCount]? {
        guard let counts = current?.pollen, !counts.isEmpty else { return nil }
        return counts.sorted { $0.grainsPerCubicMetre > $1.grainsPerCubicMetre }
    }

    /// What the pollen line says: "Birch 12 · Grass 3" for the `count` plants with most (whole
    /// grains per m³, the ones at zero left out), "none now" when every plant counted is at
    /// zero; nil without pollen data.
    func pollenText(count: Int) -> String? {
        guard let pollen else { return nil }
        let present = pollen.filter { $0.grainsPerCubicMetre >= 0.5 }.prefix(count)
        guard !present.isEmpty else { return "none now" }
        return present.map { "\($0.kind.name) \(Int($0.grainsPerCubicMetre.rounded()))" }
            .joined(separator: " · ")
    }
}

extension AirNow {
    /// The band's word in at most ten letters, for 16-column LCDs and OLEDs: the EPA's own
    /// "USG" for "Unhealthy for sensitive groups", "Very poor" as it is, "Extr. poor".
    static func shortName(_ band: IndexBand, on scale: AQIScale) -> String {
        switch (scale, band.level) {
        case (.us, 2): "USG"
        case (.us, 4): "Very unh."
        case (.european, 5): "Extr. poor"
        default: band.name
        }
    }
}
