public import FoundationEssentials
public import KioskCore

/// What a simulated sensor measures: fixed values, or the simulated climate indoors or
/// outdoors at the time a clock gives.
public enum SimulatedAir: Sendable {
    /// These values, always.
    case fixed(
        temperature: Temperature, humidity: Double, carbonDioxide: CarbonDioxide,
        pressure: Pressure)
    /// The climate's indoor conditions and CO2.
    case indoor(SimulatedClimate, now: @Sendable () -> Date)
    /// The climate's outdoor temperature and humidity (and its station pressure; outdoor
    /// CO2 is the background 420 ppm).
    case outdoor(SimulatedClimate, now: @Sendable () -> Date)

    /// 21 °C, 45 %, 600 ppm, 1013.25 hPa.
    public static let room = SimulatedAir.fixed(
        temperature: Temperature(celsius: 21), humidity: 45,
        carbonDioxide: CarbonDioxide(partsPerMillion: 600), pressure: Pressure(pascals: 101_325))

    /// The values now.
    public func sample() -> (
        temperature: Temperature, humidity: Double, carbonDioxide: CarbonDioxide,
        pressure: Pressure
    ) {
        switch self {
        case .fixed(let temperature, let humidity, let carbonDioxide, let pressure):
            return (temperature, humidity, carbonDioxide, pressure)
        case .indoor(let climate, let now):
            let instant = now()
            let conditions = climate.conditions(at: instant)
            return (
                conditions.temperature, conditions.humidity, climate.carbonDioxide(at: instant),
                conditions.pressure
            )
        case .outdoor(let climate, let now):
            let instant = now()
            return (
                climate.outdoorTemperature(at: instant), climate.outdoorHumidity(at: instant),
                CarbonDioxide(partsPerMillion: 420), climate.conditions(at: instant).pressure
            )
        }
    }
}
