public import FoundationEssentials
public import KioskCore
import RealModule

/// Plausible indoor weather for the simulator board: a daily temperature swing that peaks
/// mid-afternoon, humidity moving the other way, and pressure drifting over days with the
/// twice-daily atmospheric tide on top, reduced to the station's elevation; CO2 that the
/// household raises in the morning and the evening; and an outdoor temperature with a
/// larger daily swing and a drift over days.
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
        let (hour, day) = localHourAndDay(instant)
        let daily = Double.sin(2 * .pi * (hour - 9) / 24)  // +1 at 15:00, −1 at 03:00
        let temperature = 21.5 + 1.5 * daily
        let humidity = 45 - 6 * daily
        let seaLevel =
            101_325 + 900 * Double.sin(2 * .pi * day / 4.5)
            + 80 * Double.cos(2 * .pi * (hour - 10) / 12)
        let pressure = seaLevel * Double.pow(1 - 0.0065 * elevation / 288.15, 5.255)
        return (Temperature(celsius: temperature), humidity, Pressure(pascals: pressure))
    }

    /// The indoor CO2 at `instant`: about 450 ppm while the home is empty or aired, rising
    /// to about 1250 ppm in the evening (past the 1000 ppm "ventilate" line) and 900 ppm at
    /// breakfast.
    public func carbonDioxide(at instant: Date) -> CarbonDioxide {
        let (hour, _) = localHourAndDay(instant)
        func bump(at centre: Double, width: Double) -> Double {
            var distance = abs(hour - centre)
            distance = min(distance, 24 - distance)
            return Double.exp(-(distance * distance) / (2 * width * width))
        }
        let ppm = 450 + 800 * bump(at: 21, width: 2) + 450 * bump(at: 8, width: 1)
        return CarbonDioxide(partsPerMillion: ppm)
    }

    /// The outdoor temperature at `instant`: 9 °C on average, ±6 °C over the day (warmest
    /// mid-afternoon), ±3 °C over a 5-day drift.
    public func outdoorTemperature(at instant: Date) -> Temperature {
        let (hour, day) = localHourAndDay(instant)
        let daily = Double.sin(2 * .pi * (hour - 9) / 24)
        return Temperature(celsius: 9 + 6 * daily + 3 * Double.sin(2 * .pi * day / 5))
    }

    /// The outdoor relative humidity at `instant`, %: 72 % on average, lowest mid-afternoon.
    public func outdoorHumidity(at instant: Date) -> Double {
        let (hour, _) = localHourAndDay(instant)
        return 72 - 15 * Double.sin(2 * .pi * (hour - 9) / 24)
    }

    /// Local hour of the day (0..<24) and days since the epoch at `instant`.
    private func localHourAndDay(_ instant: Date) -> (hour: Double, day: Double) {
        let seconds = instant.timeIntervalSince1970 + Double(utcOffsetSeconds)
        return ((seconds / 3600).truncatingRemainder(dividingBy: 24), seconds / 86400)
    }
}
