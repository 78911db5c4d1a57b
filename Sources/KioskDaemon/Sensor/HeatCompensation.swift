public import KioskCore

/// Corrects a sensor's temperature for the board's own heat and re-derives the humidity.
///
/// A sensor next to a Pi reads warm. The fixed `temperatureOffset` covers a steady error;
/// the CPU term (from Pimoroni's Enviro+ examples) scales with how much hotter the CPU is
/// than the sensor: T' = T − (T_cpu − T) / factor. The air's water content does not change
/// with the correction, so the dew point from the raw reading gives the humidity at T'.
public struct HeatCompensation: Sendable, Hashable {
    /// Added to every temperature, °C, after the CPU term.
    public var temperatureOffset: Double
    /// The CPU term's divisor; 0 turns the CPU term off.
    public var cpuHeatFactor: Double

    /// Creates a compensation.
    public init(temperatureOffset: Double = 0, cpuHeatFactor: Double = 0) {
        self.temperatureOffset = temperatureOffset
        self.cpuHeatFactor = cpuHeatFactor
    }

    /// Whether the CPU temperature is needed.
    public var usesCPUTemperature: Bool { cpuHeatFactor > 0 }

    /// The corrected temperature and relative humidity (%, nil stays nil).
    /// - Parameters:
    ///   - temperature: the sensor's temperature.
    ///   - humidity: the sensor's relative humidity, %, nil for a BMP280.
    ///   - cpuTemperature: the averaged CPU temperature; nil skips the CPU term.
    public func apply(
        temperature: Temperature, humidity: Double?, cpuTemperature: Temperature?
    ) -> (temperature: Temperature, humidity: Double?) {
        var celsius = temperature.celsius
        if cpuHeatFactor > 0, let cpuTemperature {
            celsius -= (cpuTemperature.celsius - temperature.celsius) / cpuHeatFactor
        }
        let corrected = Temperature(celsius: celsius + temperatureOffset)
        guard let humidity else { return (corrected, nil) }
        guard corrected != temperature,
            let dewPoint = Humidity.dewPoint(temperature: temperature, relativeHumidity: humidity)
        else { return (corrected, humidity) }
        return (corrected, Humidity.relativeHumidity(temperature: corrected, dewPoint: dewPoint))
    }
}

/// The mean of the last few values: smooths the CPU temperature, which jumps with load.
public struct MovingAverage: Sendable, Hashable {
    /// How many values are averaged.
    public let capacity: Int
    private var values: [Double] = []
    private var next = 0

    /// An empty average over the last `capacity` values (at least 1).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds a value, replacing the oldest when full; non-finite values are ignored.
    public mutating func add(_ value: Double) {
        guard value.isFinite else { return }
        if values.count < capacity {
            values.append(value)
        } else {
            values[next] = value
        }
        next = (next + 1) % capacity
    }

    /// The mean of the values held; nil when there are none.
    public var mean: Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// How many values are held.
    public var count: Int { values.count }
}
