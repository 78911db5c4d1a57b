import FoundationEssentials
import KioskCore

/// The demo favourites' air, made up like their forecasts: an index that rises towards the
/// evening rush and falls overnight, the pollutants that go with it, and pollen only in
/// Rome (the one European demo place; outside Europe Open-Meteo counts none).
extension DemoData {
    /// The European index now and its daily swing per favourite, in display order: Rome
    /// fair, New York moderate, Tokyo good, Sydney good, São Paulo poor.
    private static let airLevels: [(mean: Double, swing: Double)] = [
        (34, 12), (42, 14), (18, 6), (12, 5), (58, 18),
    ]

    /// Three days of hourly indices from the favourite's local midnight and the air now, as
    /// Open-Meteo's Air Quality API answers with `forecast_days=3`.
    static func airQuality(_ sample: Sample, index: Int) -> AirQualityForecast {
        let level = airLevels[index % airLevels.count]
        let offset = sample.utcOffsetSeconds
        let midnight = LocalDateTime(
            date: LocalDateTime(now, utcOffsetSeconds: offset).date, hour: 0, minute: 0
        ).instant(utcOffsetSeconds: offset)
        func european(_ hour: Int) -> Double {
            // Highest at 19:00 local, lowest at 07:00.
            (level.mean + level.swing * cosine(Double(hour - 19) * .pi / 12)).rounded()
        }
        // The US AQI of the PM2.5 that gives the European index, roughly: half again.
        func us(_ european: Double) -> Double { (european * 1.5).rounded() }
        let hourly = (0..<72).map { hour in
            let value = european(hour)
            return AirQualityHour(
                time: midnight.addingTimeInterval(Double(hour) * 3600), europeanAQI: value,
                usAQI: us(value))
        }
        let hourNow = Int(now.timeIntervalSince(midnight) / 3600)
        let value = european(hourNow)
        let pollen =
            sample.city.country == "Italy"
            ? [
                PollenCount(.alder, grainsPerCubicMetre: 3.4),
                PollenCount(.birch, grainsPerCubicMetre: 0),
                PollenCount(.grass, grainsPerCubicMetre: 1.2),
                PollenCount(.mugwort, grainsPerCubicMetre: 0),
                PollenCount(.olive, grainsPerCubicMetre: 0),
                PollenCount(.ragweed, grainsPerCubicMetre: 0.4),
            ] : []
        let current = AirQualityConditions(
            time: midnight.addingTimeInterval(Double(hourNow) * 3600), europeanAQI: value,
            usAQI: us(value), pm25: MassConcentration(microgramsPerCubicMetre: value * 0.5),
            pm10: MassConcentration(microgramsPerCubicMetre: value * 0.8),
            ozone: MassConcentration(microgramsPerCubicMetre: 90 - value),
            nitrogenDioxide: MassConcentration(microgramsPerCubicMetre: value * 0.6),
            uvIndex: uvIndex(sample, day: 0), pollen: pollen)
        return AirQualityForecast(
            coordinate: sample.city.coordinate, utcOffsetSeconds: offset, current: current,
            hourly: hourly)
    }
}
