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

    /// The dew point, °C, of air at `temperature` °C and `relativeHumidity` %; nil when the
    /// humidity is not above 0 % (dry air has no dew point) or an input is not finite.
    public static func dewPoint(temperature: Double, relativeHumidity: Double) -> Double? {
        guard temperature.isFinite, relativeHumidity.isFinite, relativeHumidity > 0 else {
            return nil
        }
        let gamma =
            Double.log(relativeHumidity / 100) + magnusB * temperature
            / (magnusC + temperature)
        return magnusC * gamma / (magnusB - gamma)
    }

    /// The relative humidity, %, of air at `temperature` °C whose dew point is `dewPoint` °C,
    /// clamped to 0…100.
    public static func relativeHumidity(temperature: Double, dewPoint: Double) -> Double {
        let exponent =
            magnusB * dewPoint / (magnusC + dewPoint) - magnusB * temperature
            / (magnusC + temperature)
        return min(100, max(0, 100 * Double.exp(exponent)))
    }
}
