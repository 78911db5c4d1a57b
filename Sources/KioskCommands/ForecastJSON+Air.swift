import FoundationEssentials
import KioskCore

extension ForecastJSON {
    /// `air`: the air now at the place from Open-Meteo's Air Quality API, numbers in the units
    /// their keys name; `aqi` is the index on `aqi_scale` (`units.aqi`, else the place's
    /// country's) with the scale's `category`. A value the answer lacks is absent, and so is
    /// `pollen` where the answer has none (outside Europe, out of season): never a zero.
    struct Air: Encodable {
        var time: Date
        var fetchedAt: Date
        var europeanAQI: Double?
        var usAQI: Double?
        var aqi: Int?
        var aqiScale: AQIScale
        var category: String?
        var pm25: Double?
        var pm10: Double?
        var ozone: Double?
        var nitrogenDioxide: Double?
        var uvIndex: Double?
        var pollen: [String: Double]?

        /// The air of `entry` on `scale`; nil when the answer had no current block.
        init?(_ entry: AirQualityEntry, scale: AQIScale) {
            guard let current = entry.forecast.current else { return nil }
            time = current.time
            fetchedAt = entry.fetchedAt
            europeanAQI = current.europeanAQI
            usAQI = current.usAQI
            aqiScale = scale
            let index = current.index(on: scale)
            aqi = index.map { Int(max(0, $0.value).rounded()) }
            category = index?.band.name
            pm25 = current.pm25?.microgramsPerCubicMetre
            pm10 = current.pm10?.microgramsPerCubicMetre
            ozone = current.ozone?.microgramsPerCubicMetre
            nitrogenDioxide = current.nitrogenDioxide?.microgramsPerCubicMetre
            uvIndex = current.uvIndex?.value
            let counts = current.pollen.map {
                ($0.kind.rawValue + "_grains_m3", $0.grainsPerCubicMetre)
            }
            pollen = counts.isEmpty ? nil : Dictionary(uniqueKeysWithValues: counts)
        }

        enum CodingKeys: String, CodingKey {
            case time, aqi, category, pollen
            case ozone = "ozone_ugm3"
            case fetchedAt = "fetched_at"
            case europeanAQI = "european_aqi"
            case usAQI = "us_aqi"
            case aqiScale = "aqi_scale"
            case pm25 = "pm2_5_ugm3"
            case pm10 = "pm10_ugm3"
            case nitrogenDioxide = "nitrogen_dioxide_ugm3"
            case uvIndex = "uv_index"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(time, forKey: .time)
            try container.encode(fetchedAt, forKey: .fetchedAt)
            try container.encodeIfPresent(europeanAQI, forKey: .europeanAQI)
            try container.encodeIfPresent(usAQI, forKey: .usAQI)
            try container.encodeIfPresent(aqi, forKey: .aqi)
            try container.encode(aqiScale.rawValue, forKey: .aqiScale)
            try container.encodeIfPresent(category, forKey: .category)
            try container.encodeIfPresent(pm25, forKey: .pm25)
            try container.encodeIfPresent(pm10, forKey: .pm10)
            try container.encodeIfPresent(ozone, forKey: .ozone)
            try container.encodeIfPresent(nitrogenDioxide, forKey: .nitrogenDioxide)
            try container.encodeIfPresent(uvIndex, forKey: .uvIndex)
            try container.encodeIfPresent(pollen, forKey: .pollen)
        }
    }
}
