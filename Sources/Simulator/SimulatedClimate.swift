public import FoundationEssentials
public import KioskCore
import RealModule

/// Plausible indoor weather for the simulator board: a daily temperature swing that peaks
/// mid-afternoon, humidity moving the other way, and pressure drifting over days with the
/// twice-daily atmospheric tide on top, reduced to the station's elevation.
public struct SimulatedClimate: Sendable, Hashable {
    /// The station's elevation, metres.
    public var elevation: Double
    /// Seconds east of UTC of the local time that drives the daily cycle.
    public var utcOffsetSeconds: Int

    /// A climate at `elevation` metres, local time `utcOffsetSeconds` east of UTC.
    public init(elevation: Double = 34, utcOffsetSeconds: Int = 0) {
        self.elevation = elevation
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The indoor conditions at `instant`: temperature, %RH and station pressure.
    public func conditions(at instant: Date) -> (
        temperature: Temperature, humidity: Double, pressure: Pressure
    ) {
        let seconds = instant.timeIntervalSince1970 + Double(utcOffsetSeconds)
        let hour = (seconds / 3600).truncatingRemainder(dividingBy: 24)
        let day = seconds / 86400
        let daily = Double.sin(2 * .pi * (hour - 9) / 24)  // +1 at 15:00, −1 at 03:00
        let temperature = 21.5 + 1.5 * daily
        let humidity = 45 - 6 * daily
        let seaLevel =
            101_325 + 900 * Double.sin(2 * .pi * day / 4.5)
            + 80 * Double.cos(2 * .pi * (hour - 10) / 12)
        let pressure = seaLevel * Double.pow(1 - 0.0065 * elevation / 288.15, 5.255)
        return (Temperature(celsius: temperature), humidity, Pressure(pascals: pressure))
    }
}
