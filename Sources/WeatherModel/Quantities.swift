/// A pressure: a number with its unit in one type, so that pascals cannot be passed where
/// hectopascals are meant.
///
/// It keeps the number in the unit it was made with, so a value read back in that unit is
/// the very number that went in (1013.2 hPa stays 1013.2, not 1013.2000000000001, and a
/// "x.5" still rounds the same way); in any other unit it is converted. Two pressures are
/// equal when their pascals are. Encoded as a single number of pascals.
public struct Pressure: Sendable, Hashable, Comparable, Codable {
    private let amount: Double
    /// Pascals in one unit of `amount`.
    private let scale: Double

    /// A pressure of `pascals` Pa.
    public init(pascals: Double) { (amount, scale) = (pascals, 1) }

    /// A pressure of `hectopascals` hPa (millibars).
    public init(hectopascals: Double) { (amount, scale) = (hectopascals, 100) }

    /// A pressure of `value` in `unit`.
    public init(_ value: Double, _ unit: PressureUnit) { (amount, scale) = (value, unit.pascals) }

    /// The pressure in pascals.
    public var pascals: Double { scale == 1 ? amount : amount * scale }

    /// The pressure in hectopascals.
    public var hectopascals: Double { scale == 100 ? amount : pascals / 100 }

    /// The pressure in `unit`.
    public func value(in unit: PressureUnit) -> Double {
        scale == unit.pascals ? amount : pascals / unit.pascals
    }

    /// Whether the number is finite.
    public var isFinite: Bool { amount.isFinite }

    /// The difference of two pressures.
    public static func - (lhs: Pressure, rhs: Pressure) -> Pressure {
        Pressure(pascals: lhs.pascals - rhs.pascals)
    }

    /// Equal in pascals.
    public static func == (lhs: Pressure, rhs: Pressure) -> Bool { lhs.pascals == rhs.pascals }

    /// Orders by pressure.
    public static func < (lhs: Pressure, rhs: Pressure) -> Bool { lhs.pascals < rhs.pascals }

    /// Hashes the pascals.
    public func hash(into hasher: inout Hasher) { hasher.combine(pascals) }

    /// Reads a number of pascals.
    /// - Throws: `DecodingError` when the value is not a number.
    public init(from decoder: any Decoder) throws {
        self.init(pascals: try decoder.singleValueContainer().decode(Double.self))
    }

    /// Writes a number of pascals.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(pascals)
    }
}

/// A temperature, kept in the unit it was made with (see `Pressure`). Two temperatures are
/// equal when their degrees Celsius are. Encoded as a single number of degrees Celsius.
public struct Temperature: Sendable, Hashable, Comparable, Codable {
    private let amount: Double
    private let unit: TemperatureUnit

    /// A temperature of `celsius` °C.
    public init(celsius: Double) { (amount, unit) = (celsius, .celsius) }

    /// A temperature of `fahrenheit` °F.
    public init(fahrenheit: Double) { (amount, unit) = (fahrenheit, .fahrenheit) }

    /// A temperature of `value` in `unit`.
    public init(_ value: Double, _ unit: TemperatureUnit) { (amount, self.unit) = (value, unit) }

    /// The temperature in degrees Celsius.
    public var celsius: Double { unit == .celsius ? amount : (amount - 32) * 5 / 9 }

    /// The temperature in degrees Fahrenheit.
    public var fahrenheit: Double { unit == .fahrenheit ? amount : amount * 9 / 5 + 32 }

    /// The temperature in `unit`.
    public func value(in unit: TemperatureUnit) -> Double {
        unit == .celsius ? celsius : fahrenheit
    }

    /// Whether the number is finite.
    public var isFinite: Bool { amount.isFinite }

    /// Equal in degrees Celsius.
    public static func == (lhs: Temperature, rhs: Temperature) -> Bool {
        lhs.celsius == rhs.celsius
    }

    /// Orders by temperature.
    public static func < (lhs: Temperature, rhs: Temperature) -> Bool {
        lhs.celsius < rhs.celsius
    }

    /// Hashes the degrees Celsius.
    public func hash(into hasher: inout Hasher) { hasher.combine(celsius) }

    /// Reads a number of degrees Celsius.
    /// - Throws: `DecodingError` when the value is not a number.
    public init(from decoder: any Decoder) throws {
        self.init(celsius: try decoder.singleValueContainer().decode(Double.self))
    }

    /// Writes a number of degrees Celsius.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(celsius)
    }
}

/// A speed (of the wind), kept in the unit it was made with (see `Pressure`). Two speeds
/// are equal when their metres per second are. Encoded as a single number of metres per
/// second.
public struct Speed: Sendable, Hashable, Comparable, Codable {
    private let amount: Double
    private let unit: WindUnit

    /// A speed of `metresPerSecond` m/s.
    public init(metresPerSecond: Double) { (amount, unit) = (metresPerSecond, .ms) }

    /// A speed of `value` in `unit`.
    public init(_ value: Double, _ unit: WindUnit) { (amount, self.unit) = (value, unit) }

    /// The speed in metres per second.
    public var metresPerSecond: Double { value(in: .ms) }

    /// The speed in `unit`.
    public func value(in unit: WindUnit) -> Double {
        unit == self.unit ? amount : amount * self.unit.metresPerSecond / unit.metresPerSecond
    }

    /// Whether the number is finite.
    public var isFinite: Bool { amount.isFinite }

    /// Equal in metres per second.
    public static func == (lhs: Speed, rhs: Speed) -> Bool {
        lhs.metresPerSecond == rhs.metresPerSecond
    }

    /// Orders by speed.
    public static func < (lhs: Speed, rhs: Speed) -> Bool {
        lhs.metresPerSecond < rhs.metresPerSecond
    }

    /// Hashes the metres per second.
    public func hash(into hasher: inout Hasher) { hasher.combine(metresPerSecond) }

    /// Reads a number of metres per second.
    /// - Throws: `DecodingError` when the value is not a number.
    public init(from decoder: any Decoder) throws {
        self.init(metresPerSecond: try decoder.singleValueContainer().decode(Double.self))
    }

    /// Writes a number of metres per second.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(metresPerSecond)
    }
}

extension PressureUnit {
    /// Pascals in one of this unit: 100 for hPa; 133.322387415 for mmHg and 3386.38866667
    /// for inHg (conventional mercury at 0 °C and standard gravity).
    public var pascals: Double {
        switch self {
        case .hectopascal: 100
        case .inchesOfMercury: 3386.38866667
        case .millimetresOfMercury: 133.322387415
        }
    }
}

extension WindUnit {
    /// Metres per second in one of this unit (a knot is 1852 m per hour, a mile 1609.344 m).
    public var metresPerSecond: Double {
        switch self {
        case .kmh: 1 / 3.6
        case .ms: 1
        case .mph: 1609.344 / 3600
        case .kn: 1852 / 3600
        }
    }
}
