/// How far apart two temperatures are: a step, not a reading (0.5 °C is 0.9 °F apart, where
/// 0.5 °C as a reading is 32.9 °F).
public struct TemperatureDifference: Sendable, Hashable, Comparable {
    /// The difference in kelvin (= degrees Celsius).
    public let celsius: Double

    /// A difference of `celsius` degrees Celsius.
    public init(celsius: Double) { self.celsius = celsius }

    /// A difference of `fahrenheit` degrees Fahrenheit.
    public init(fahrenheit: Double) { celsius = fahrenheit * 5 / 9 }

    /// The difference in degrees Fahrenheit.
    public var fahrenheit: Double { celsius * 9 / 5 }

    /// How far apart `a` and `b` are, whichever is warmer.
    public static func between(_ a: Temperature, _ b: Temperature) -> TemperatureDifference {
        TemperatureDifference(celsius: abs(a.celsius - b.celsius))
    }

    /// Orders by size.
    public static func < (lhs: TemperatureDifference, rhs: TemperatureDifference) -> Bool {
        lhs.celsius < rhs.celsius
    }
}
