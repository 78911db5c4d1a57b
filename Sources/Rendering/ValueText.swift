import FoundationEssentials
import KioskCore

/// The numbers a page shows, converted from the units the data came in to the units the
/// config asks for, and written as `WeatherFormat` writes them in the page's language (its
/// decimal comma, its compass points, its "AM" and "PM").
struct ValueText {
    let units: Units
    let language: Language

    /// A temperature as "12°" in the display unit; "–" when missing.
    func temperature(_ value: Temperature?, digits: Int = 0) -> String {
        WeatherFormat.temperature(value, in: units.temperature, digits: digits, language: language)
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
        WeatherFormat.wind(speed, direction: direction, unit: units.wind, language: language)
    }

    /// A pressure as "1016 hPa" in the display unit.
    func pressure(_ pressure: Pressure?) -> String {
        WeatherFormat.pressure(pressure, unit: units.pressure, language: language)
    }

    /// "71 %".
    func percent(_ value: Double?) -> String { WeatherFormat.percent(value, language: language) }

    /// A number with `digits` decimals and the language's decimal separator: "14,3".
    func decimal(_ value: Double, digits: Int) -> String {
        WeatherFormat.decimal(value, digits: digits, language: language)
    }

    /// "14:05" or "2:05 PM" at `instant` in a zone `offset` seconds east of UTC.
    func clock(_ instant: Date, offset: Int) -> String {
        LocalDateTime(instant, utcOffsetSeconds: offset).clockText(units.clock, language: language)
    }

    /// An hour label: "15:00" or "3 PM".
    func hour(_ instant: Date, offset: Int) -> String {
        let local = LocalDateTime(instant, utcOffsetSeconds: offset)
        switch units.clock {
        case .twentyFourHour:
            return local.clockText(.twentyFourHour, language: language)
        case .twelveHour:
            let twelve = local.hour % 12 == 0 ? 12 : local.hour % 12
            return "\(twelve) \(language.clockPeriod(afternoon: local.hour >= 12))"
        }
    }
}
