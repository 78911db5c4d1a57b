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
    /// The language the page speaks.
    var language: Language

    /// The air at `weather` at `now` on `scale`, with up to `hours` hours of trend, in
    /// `language`.
    init(
        _ weather: CityWeather, scale: AQIScale, now: Date, hours: Int = 12,
        language: Language = .en
    ) {
        self.scale = scale
        self.language = language
        let air = weather.airQuality
        hasArrived = air != nil
        current = air?.current
        utcOffsetSeconds =
            air?.utcOffsetSeconds ?? weather.forecast?.utcOffsetSeconds ?? 0
        trend = air?.trend(on: scale, from: now, count: hours) ?? []
        let thisHour = trend.first.flatMap { $0.time <= now ? $0.index : nil }
        index = current?.index(on: scale) ?? thisHour
    }

    /// Whether a page shows any air-quality value: the index now, the pollutants or the
    /// next hours' index. Such a page owes CAMS its credit (`AirQualityCredit`).
    var showsValues: Bool { index != nil || current != nil || !trend.isEmpty }

    /// The air of `model`'s favourite on the scale its units give it.
    init(_ model: PageModel, weather: CityWeather, hours: Int = 12) {
        self.init(
            weather, scale: model.units.aqiScale(for: weather.city), now: model.now, hours: hours,
            language: model.language)
    }

    /// The pollutants the page lists, in this order: a short name, the symbol ("PM2.5",
    /// "O₃"), the name on a screen with room ("Ozone O₃"), and the value.
    var pollutants: [(short: String, long: String, value: MassConcentration?)] {
        // TRANSLATORS: an air pollutant's name, before its symbol ("Ozone O₃"), where the
        // air page has room. At most about 18 characters.
        let names = [
            language.localized("Fine particles", context: "air pollutant"),
            language.localized("Particles", context: "air pollutant"),
            language.localized("Ozone", context: "air pollutant"),
            language.localized("Nitrogen dioxide", context: "air pollutant"),
        ]
        let symbols = ["PM2.5", "PM10", "O\u{2083}", "NO\u{2082}"]
        let values = [current?.pm25, current?.pm10, current?.ozone, current?.nitrogenDioxide]
        return zip(zip(symbols, names), values).map { ($0.0, $0.1 + " " + $0.0, $1) }
    }

    /// "22 µg/m³", "2.5 µg/m³" (tenths below 10, as the small numbers need, with the
    /// language's decimal separator); "–" without one.
    func text(_ value: MassConcentration?) -> String {
        guard let value else { return "–" }
        return number(value) + " " + MassConcentration.symbol
    }

    /// The value alone, "22", "2.5" ("2,5" in German), for the small displays (whose ROM
    /// has no µ and no ³); "–" without one.
    func number(_ value: MassConcentration?) -> String {
        guard let amount = value?.microgramsPerCubicMetre else { return "–" }
        return amount < 9.95
            ? WeatherFormat.decimal(amount, digits: 1, language: language)
            : String(Int(amount.rounded()))
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
        guard !present.isEmpty else {
            // TRANSLATORS: after "Pollen" when every plant counted is at zero. Lower case
            // where your language allows it.
            return language.localized("none now", context: "pollen")
        }
        return present.map {
            "\($0.kind.name(in: language)) \(Int($0.grainsPerCubicMetre.rounded()))"
        }
        .joined(separator: " · ")
    }

    /// "Pollen", before the plants.
    var pollenLabel: String { language.localized("Pollen") }

    /// The index's band's word in the page's language.
    func word(_ index: AirQualityIndex) -> String { index.band.name(in: language) }

    /// The band's word in at most ten letters, for 16-column LCDs and OLEDs: the EPA's own
    /// "USG" for "Unhealthy for sensitive groups", "Very unh.", "Extr. poor"; the word as it
    /// is where it is short.
    func shortName(_ band: IndexBand) -> String {
        // TRANSLATORS: an air-quality band's word on a 16-column display, at most 10
        // characters: abbreviate the band's word ("Extr. poor" for "Extremely poor"). Where
        // the word is short enough, repeat it.
        switch (scale, band.level) {
        case (.european, 0): language.localized("Good", context: "European air quality band, short")
        case (.european, 1): language.localized("Fair", context: "European air quality band, short")
        case (.european, 2):
            language.localized("Moderate", context: "European air quality band, short")
        case (.european, 3): language.localized("Poor", context: "European air quality band, short")
        case (.european, 4):
            language.localized("Very poor", context: "European air quality band, short")
        case (.european, _):
            language.localized("Extr. poor", context: "European air quality band, short")
        case (.us, 0): language.localized("Good", context: "US air quality band, short")
        case (.us, 1): language.localized("Moderate", context: "US air quality band, short")
        case (.us, 2): language.localized("USG", context: "US air quality band, short")
        case (.us, 3): language.localized("Unhealthy", context: "US air quality band, short")
        case (.us, 4): language.localized("Very unh.", context: "US air quality band, short")
        case (.us, _): language.localized("Hazardous", context: "US air quality band, short")
        }
    }
}
