import FoundationEssentials
import KioskCore

/// The numbers a page shows, converted from the units the data came in to the units the
/// config asks for, and written as `WeatherFormat` writes them.
struct ValueText {
    let units: Units

    /// A temperature as "12°" in the display unit; "–" when missing.
    func temperature(_ value: Temperature?, digits: Int = 0) -> String {
        WeatherFormat.temperature(value, in: units.temperature, digits: digits)
    }

    /// A temperature as a number in the display unit; nil when missing.
    func convert(_ value: Temperature?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return value.value(in: units.temperature)
    }

    /// A temperature in degrees Celsius (for colour choices); nil when missing.
    func celsius(_ value: Temperature?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return value.celsius
    }

    /// A wind speed as "9 km/h SW" in the display unit.
    func wind(_ speed: Speed?, direction: Double?) -> String {
        WeatherFormat.wind(speed, direction: direction, unit: units.wind)
    }

    /// A pressure as "1016 hPa" in the display unit.
    func pressure(_ pressure: Pressure?) -> String {
        WeatherFormat.pressure(pressure, unit: units.pressure)
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
