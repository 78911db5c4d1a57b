import FoundationEssentials
import KioskCore
import RealModule

extension FakeOpenMeteo {
    /// Deterministic, plausible weather for one place: a function of the coordinate and the
    /// instant only, so the same request in the same hour gets the same numbers. Temperatures
    /// follow latitude, season and a 15:00 peak; 6-hourly pseudo-random "fronts" bring cloud,
    /// rain, wind and pressure changes; the sun rises and sets by the solar declination.
    struct WeatherModel {
        let coordinate: Coordinate
        let utcOffsetSeconds: Int
        let elevation: Double

        /// The weather of the hour that starts at `time`, metric.
        struct Hour {
            var temperature: Double
            var relativeHumidity: Double
            var apparentTemperature: Double
            var windSpeed: Double
            var windDirection: Double
            var surfacePressure: Double
            /// Reduced to sea level: what the ground's pressure would be at 0 m.
            var seaLevelPressure: Double
            var precipitationProbability: Double
            var precipitation: Double
            var weatherCode: Int
        }

        func hour(at time: Date) -> Hour {
            let local = LocalDateTime(time, utcOffsetSeconds: utcOffsetSeconds)
            let hourOfDay = Double(local.hour) + Double(local.minute) / 60
            let front = smoothNoise(at: time, channel: 1)
            let gust = smoothNoise(at: time, channel: 2)
            let dayOfYear = Double(
                local.date.daysSinceEpoch
                    - LocalDate(
                        year: local.date.year, month: 1, day: 1
                    ).daysSinceEpoch)
            let hemisphere = coordinate.latitude >= 0 ? 1.0 : -1.0
            let season =
                hemisphere * Double.cos(2 * .pi * (dayOfYear - 200) / 365)
                * coordinate.latitude.magnitude / 90 * 14
            let mean =
                27 - 0.45 * coordinate.latitude.magnitude + season + (front - 0.5) * 6
                - elevation / 150
            let cloud = front
            let amplitude = 6 - 3 * cloud
            let temperature = mean + amplitude * Double.sin(2 * .pi * (hourOfDay - 9) / 24)
            let humidity = min(
                100, max(15, 70 + 25 * cloud - 20 * Double.sin(2 * .pi * (hourOfDay - 9) / 24)))
            let windSpeed = 3 + 30 * gust * gust
            let precipitationProbability = min(100, max(0, (cloud - 0.45) * 220))
            let precipitation = cloud > 0.7 ? (cloud - 0.7) * 12 : 0
            return Hour(
                temperature: temperature, relativeHumidity: humidity,
                apparentTemperature: temperature + 0.03 * (humidity - 50) - windSpeed / 12,
                windSpeed: windSpeed,
                windDirection: (180 + 300 * gust).truncatingRemainder(
                    dividingBy: 360),
                surfacePressure: 1013 - elevation / 8.3 + (0.5 - front) * 30,
                seaLevelPressure: 1013 + (0.5 - front) * 30,
                precipitationProbability: precipitationProbability,
                precipitation: precipitation,
                weatherCode: code(cloud: cloud, temperature: temperature, humidity: humidity))
        }

        /// Sunrise and sunset on the local `date`; at polar night both fall on solar noon, in
        /// midnight sun they lie 24 hours apart.
        func sun(on date: LocalDate) -> (sunrise: Date, sunset: Date) {
            let dayOfYear = Double(
                date.daysSinceEpoch - LocalDate(year: date.year, month: 1, day: 1).daysSinceEpoch)
            let declination = 23.44 * .pi / 180 * Double.sin(2 * .pi * (284 + dayOfYear) / 365)
            let latitude = coordinate.latitude * .pi / 180
            let cosine = -Double.tan(latitude) * Double.tan(declination)
            let halfDayHours = Double.acos(min(1, max(-1, cosine))) * 180 / .pi / 15
            let solarNoonHours =
                12 - coordinate.longitude / 15 + Double(utcOffsetSeconds) / 3600
            let midnight = LocalDateTime(date: date, hour: 0, minute: 0)
                .instant(utcOffsetSeconds: utcOffsetSeconds)
            return (
                midnight.addingTimeInterval(((solarNoonHours - halfDayHours) * 60).rounded() * 60),
                midnight.addingTimeInterval(((solarNoonHours + halfDayHours) * 60).rounded() * 60)
            )
        }

        /// The UV index at `time`: about 12 under a clear sky with the sun overhead, less with
        /// a lower sun and under cloud, 0 at night.
        func uvIndex(at time: Date) -> Double {
            let local = LocalDateTime(time, utcOffsetSeconds: utcOffsetSeconds)
            let sun = sun(on: local.date)
            guard time > sun.sunrise, time < sun.sunset else { return 0 }
            let daylight = sun.sunset.timeIntervalSince(sun.sunrise)
            let fraction = time.timeIntervalSince(sun.sunrise) / daylight
            let dayOfYear = Double(
                local.date.daysSinceEpoch
                    - LocalDate(year: local.date.year, month: 1, day: 1).daysSinceEpoch)
            let declination = 23.44 * Double.sin(2 * .pi * (284 + dayOfYear) / 365)
            let noonElevation = 90 - (coordinate.latitude - declination).magnitude
            let height = Double.sin(.pi * fraction) * max(0, noonElevation) / 90
            let cloud = smoothNoise(at: time, channel: 1)
            return 12.5 * Double.pow(height, 2.5) * (1 - 0.6 * cloud)
        }

        private func code(cloud: Double, temperature: Double, humidity: Double) -> Int {
            switch cloud {
            case ..<0.2: return humidity > 92 ? 45 : 0
            case ..<0.35: return 1
            case ..<0.5: return 2
            case ..<0.65: return 3
            case ..<0.75: return temperature < 1 ? 71 : 61
            case ..<0.85: return temperature < 1 ? 73 : 63
            case ..<0.93: return temperature < 1 ? 75 : 80
            default: return temperature < 1 ? 86 : 95
            }
        }

        /// A value in 0..<1 that drifts smoothly: random anchors every 6 hours, blended with
        /// a cosine between them.
        func smoothNoise(at time: Date, channel: UInt64) -> Double {
            let hours = time.timeIntervalSince1970 / 3600
            let anchor = (hours / 6).rounded(.down)
            let fraction = hours / 6 - anchor
            let blend = (1 - Double.cos(fraction * .pi)) / 2
            let before = noise(Int64(anchor), channel: channel)
            let after = noise(Int64(anchor) + 1, channel: channel)
            return before + (after - before) * blend
        }

        /// SplitMix64 of the coordinate, a step and a channel, as a Double in 0..<1.
        private func noise(_ step: Int64, channel: UInt64) -> Double {
            var state =
                UInt64(bitPattern: Int64((coordinate.latitude * 10_000).rounded())) &* 31
                &+ UInt64(bitPattern: Int64((coordinate.longitude * 10_000).rounded()))
                &* 1_000_003 &+ UInt64(bitPattern: step) &* 0x9E37_79B9 &+ channel
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            mixed ^= mixed >> 31
            return Double(mixed >> 11) / Double(UInt64(1) << 53)
        }
    }
}
