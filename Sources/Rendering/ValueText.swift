import FoundationEssentials
import KioskCore

/// The numbers a page shows, converted from the units the data came in to the units the
/// config asks for, and written as `WeatherFormat` writes them.
struct ValueText {
    let units: Units

    /// A temperature given in `unit` as "12°" in the display unit; "–" when missing.
    func temperature(_ value: Double?, from unit: TemperatureUnit, digits: Int = 0) -> String {
        WeatherFormat.temperature(convert(value, from: unit), digits: digits)
    }

    /// A temperature given in `unit`, in the display unit.
    func convert(_ value: Double?, from unit: TemperatureUnit) -> Double? {
        guard let value, value.isFinite else { return nil }
        return units.temperature.fromCelsius(unit.toCelsius(value))
    }

    /// A temperature in the display unit, as degrees Celsius (for colour choices).
    func celsius(_ value: Double?, from unit: TemperatureUnit) -> Double? {
        guard let value, value.isFinite else { return nil }
        return unit.toCelsius(value)
    }

    /// A wind speed given in `unit` as "9 km/h SW" in the display unit.
    func wind(_ speed: Double?, direction: Double?, from unit: WindUnit) -> String {
        guard let speed, speed.isFinite else { return "–" }
        let metresPerSecond = speed / Self.metresPerSecond(unit)
        return WeatherFormat.wind(
            metresPerSecond * Self.metresPerSecond(units.wind), direction: direction,
            unit: units.wind)
    }

    /// How many of `unit` make one metre per second.
    private static func metresPerSecond(_ unit: WindUnit) -> Double {
        switch unit {
        case .ms: 1
        case .kmh: 3.6
        case .mph: 2.236936
        case .kn: 1.943844
        }
    }

    /// "71 %".
    func percent(_ value: Double?) -> String { WeatherFormat.percent(value) }

    /// "14:05" or "2:05 PM" at `instant` in a zone `offset` seconds east of UTC.
    func clock(_ instant: Date, offset: Int) -> String {
        LocalDateTime(instant, utcOffsetSeconds: offset).clockText(units.clock)
    }

    /// An hour label: "15:00" or "3 PM".
    func hour(_ instant: Date, offset: Int) -> String {
        let local = LocalDateTime(instant, utcOffsetSeconds: offset)
        switch units.clock {
        case .twentyFourHour:
            return local.clockText(.twentyFourHour)
        case .twelveHour:
            let twelve = local.hour % 12 == 0 ? 12 : local.hour % 12
            return "\(twelve) \(local.hour < 12 ? "AM" : "PM")"
        }
    }
}
