import RealModule

/// Dew point and relative humidity with the Magnus formula over water.
///
/// Constants from Alduchov & Eskridge (1996), "Improved Magnus form approximation of
/// saturation vapor pressure", J. Appl. Meteor. 35: e_s(T) = 6.1094 hPa · exp(17.625·T /
/// (243.04 + T)), T in °C; within 0.4 % of the reference over −40…50 °C.
public enum Humidity {
    /// The Magnus coefficient b (dimensionless).
    public static let magnusB = 17.625
    /// The Magnus coefficient c, °C.
    public static let magnusC = 243.04

    /// The dew point of air at `temperature` and `relativeHumidity` %; nil when the
    /// humidity is not above 0 % (dry air has no dew point) or an input is not finite.
    public static func dewPoint(temperature: Temperature, relativeHumidity: Double)
        -> Temperature?
    {
        let celsius = temperature.celsius
        guard celsius.isFinite, relativeHumidity.isFinite, relativeHumidity > 0 else {
            return nil
        }
        let gamma =
            Double.log(relativeHumidity / 100) + magnusB * celsius / (magnusC + celsius)
        return Temperature(celsius: magnusC * gamma / (magnusB - gamma))
    }

    /// The relative humidity, %, of air at `temperature` whose dew point is `dewPoint`,
    /// clamped to 0…100.
    public static func relativeHumidity(temperature: Temperature, dewPoint: Temperature)
        -> Double
    {
        let (air, dew) = (temperature.celsius, dewPoint.celsius)
        let exponent = magnusB * dew / (magnusC + dew) - magnusB * air / (magnusC + air)
        return min(100, max(0, 100 * Double.exp(exponent)))
    }
}
