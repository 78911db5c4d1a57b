import RealModule

/// Station pressure reduced to mean sea level.
public enum SeaLevelPressure {
    /// The standard-atmosphere temperature lapse rate, K/m.
    public static let lapseRate = 0.0065
    /// g·M/(R·L) of the standard atmosphere: the barometric formula's exponent.
    public static let exponent = 5.257

    /// Pressure at sea level from the pressure measured at `elevation` metres with the air
    /// at `temperature`: the barometric formula with a
    /// constant lapse rate, p₀ = p · (1 − L·h / (T + L·h + 273.15))^(−5.257).
    ///
    /// The temperature is the station's; with an indoor sensor that is an approximation
    /// (10 °C off changes the result by about 0.04 % per 100 m of elevation).
    public static func reduce(
        stationPressure: Pressure, elevation: Double, temperature: Temperature
    ) -> Pressure {
        let climb = lapseRate * elevation
        let base = 1 - climb / (temperature.celsius + climb + 273.15)
        return Pressure(pascals: stationPressure.pascals * Double.pow(base, -exponent))
    }
}
