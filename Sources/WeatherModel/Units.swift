/// Temperature unit for display and for the forecast request.
public enum TemperatureUnit: String, Sendable, Codable, CaseIterable {
    case celsius
    case fahrenheit

    /// The symbol shown after a number, with its degree sign.
    public var symbol: String { self == .celsius ? "°C" : "°F" }

}

/// Wind speed unit; raw values are the config spellings and Open-Meteo's `wind_speed_unit`.
public enum WindUnit: String, Sendable, Codable, CaseIterable {
    case kmh
    case ms
    case mph
    case kn

    /// The symbol shown after a number.
    public var symbol: String {
        switch self {
        case .kmh: "km/h"
        case .ms: "m/s"
        case .mph: "mph"
        case .kn: "kn"
        }
    }
}

/// Pressure unit for display. Open-Meteo always reports hectopascals.
public enum PressureUnit: String, Sendable, Codable, CaseIterable {
    case hectopascal = "hPa"
    case inchesOfMercury = "inHg"
    case millimetresOfMercury = "mmHg"

    /// The symbol shown after a number.
    public var symbol: String { rawValue }

    /// Digits after the decimal point that suit the unit's size.
    public var fractionDigits: Int { self == .inchesOfMercury ? 2 : 0 }
}

/// Precipitation unit; raw values are the config spellings and Open-Meteo's.
public enum PrecipitationUnit: String, Sendable, Codable, CaseIterable {
    case millimetre = "mm"
    case inch

    /// The symbol shown after a number.
    public var symbol: String { self == .millimetre ? "mm" : "in" }

    /// `amount`, given in this unit, in `unit` (25.4 mm to the inch).
    public func convert(_ amount: Double, to unit: PrecipitationUnit) -> Double {
        switch (self, unit) {
        case (.millimetre, .inch): amount / 25.4
        case (.inch, .millimetre): amount * 25.4
        default: amount
        }
    }
}

/// Whether clocks show 24-hour or 12-hour time.
public enum ClockStyle: String, Sendable, Codable, CaseIterable {
    case twentyFourHour = "24h"
    case twelveHour = "12h"
}

/// The units of everything the kiosk shows; the `[units]` table of the config.
public struct Units: Sendable, Hashable, Codable {
    /// Temperature unit.
    public var temperature: TemperatureUnit
    /// Wind speed unit.
    public var wind: WindUnit
    /// Pressure unit.
    public var pressure: PressureUnit
    /// Precipitation unit.
    public var precipitation: PrecipitationUnit
    /// 24-hour or 12-hour clock.
    public var clock: ClockStyle
    /// The air-quality index scale (`units.aqi`); nil reads each place on its country's
    /// (`AQIScale.default(for:)`).
    public var aqi: AQIScale?

    /// Creates a set of units; the defaults are metric, a 24-hour clock and each place's own
    /// air-quality scale.
    public init(
        temperature: TemperatureUnit = .celsius, wind: WindUnit = .kmh,
        pressure: PressureUnit = .hectopascal, precipitation: PrecipitationUnit = .millimetre,
        clock: ClockStyle = .twentyFourHour, aqi: AQIScale? = nil
    ) {
        self.temperature = temperature
        self.wind = wind
        self.pressure = pressure
        self.precipitation = precipitation
        self.clock = clock
        self.aqi = aqi
    }
}
