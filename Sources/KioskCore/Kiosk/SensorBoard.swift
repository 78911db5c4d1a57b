public import FoundationEssentials

/// What one `[[sensors]]` entry gave at one reading: its values, or the sentence saying why
/// there are none.
public struct SensorSample: Sendable, Hashable {
    /// The sensor.
    public var entry: SensorEntry
    /// Its values, or why there are none (one sentence naming the sensor and its bus,
    /// address or file).
    public var result: Result<SensorValues, SensorProblem>

    /// A sample of `entry`.
    public init(entry: SensorEntry, result: Result<SensorValues, SensorProblem>) {
        self.entry = entry
        self.result = result
    }
}

/// Why a sensor gave no reading: one sentence.
public struct SensorProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence.
    public var description: String

    /// The problem `description` says.
    public init(_ description: String) { self.description = description }
}

/// One sensor as the kiosk knows it: the last values it gave and when, and why it gives
/// none now while it does not.
public struct SensorStatus: Sendable, Hashable {
    /// The sensor.
    public var entry: SensorEntry
    /// Its last values; kept while it fails, so that a page can say how old they are.
    public var values: SensorValues?
    /// When it gave them.
    public var readAt: Date?
    /// Why the last reading failed, while none has succeeded since.
    public var error: String?
    /// The last 24 hours of what it measures, for the tiles' sparklines and tendencies.
    public var history = SensorHistories()

    /// A sensor with what is known of it.
    public init(
        entry: SensorEntry, values: SensorValues? = nil, readAt: Date? = nil,
        error: String? = nil
    ) {
        self.entry = entry
        self.values = values
        self.readAt = readAt
        self.error = error
    }
}

/// One sensor's 24 hours of temperature, humidity and CO2, and their 3-hour tendencies.
public struct SensorHistories: Sendable, Hashable {
    /// Within ±1 °C in three hours the temperature is steady: twice the DS18B20's and the
    /// SHT3x's ±0.5 °C, so that an arrow means the weather, not the sensor.
    public static let temperatureSteadyBand = 1.0
    /// Within ±100 ppm in three hours the CO2 is steady: the SCD4x's accuracy is ±(50 ppm +
    /// 5 % of the reading), about ±100 ppm in the range that matters (1000–2000 ppm).
    public static let carbonDioxideSteadyBand = 100.0

    /// Temperatures, °C.
    public var temperature = SensorHistory()
    /// Relative humidities, %.
    public var humidity = SensorHistory()
    /// CO2, ppm.
    public var carbonDioxide = SensorHistory()

    /// No history yet.
    public init() {}

    /// Adds what one reading measured at `time`.
    public mutating func record(_ values: SensorValues, at time: Date) {
        if let temperature = values.temperature {
            self.temperature.record(temperature.celsius, at: time)
        }
        if let humidity = values.humidity { self.humidity.record(humidity, at: time) }
        if let co2 = values.carbonDioxide { carbonDioxide.record(co2.partsPerMillion, at: time) }
    }

    /// Where the temperature has been heading for three hours.
    public var temperatureTendency: PressureTendency? {
        temperature.tendency(steadyBand: Self.temperatureSteadyBand)
    }

    /// Where the CO2 has been heading for three hours.
    public var carbonDioxideTendency: PressureTendency? {
        carbonDioxide.tendency(steadyBand: Self.carbonDioxideSteadyBand)
    }
}

/// The `[[sensors]]` as a machine of their own: each sensor's last values and failure, one
/// sensor's failure never touching another's, a sensor that answers again clearing its own.
public struct SensorBoard: Sendable, Hashable {
    /// Every sensor read so far, in configuration order.
    public private(set) var sensors: [SensorStatus] = []

    /// No sensors yet.
    public init() {}

    /// Records one round of `samples` taken at `time`: a success replaces the sensor's
    /// values and clears its error; a failure keeps its values and sets the error. Sensors
    /// no longer in `samples` (the config changed) are dropped.
    /// - Returns: whether anything a page shows changed.
    public mutating func record(_ samples: [SensorSample], at time: Date) -> Bool {
        let before = sensors
        sensors = samples.map { sample in
            var status =
                before.first { $0.entry == sample.entry } ?? SensorStatus(entry: sample.entry)
            switch sample.result {
            case .success(let values):
                status.values = values
                status.readAt = time
                status.history.record(values, at: time)
                status.error = nil
            case .failure(let problem):
                status.error = problem.description
            }
            return status
        }
        return sensors != before
    }

    /// The first sensor of `role` that has a value at `key`.
    public func first<Value>(_ role: SensorRole, _ key: KeyPath<SensorValues, Value?>)
        -> (status: SensorStatus, value: Value)?
    {
        sensors.first(role, key)
    }
}

extension [SensorStatus] {
    /// The first sensor of `role` that has a value at `key`: the one a page shows for it.
    public func first<Value>(_ role: SensorRole, _ key: KeyPath<SensorValues, Value?>)
        -> (status: SensorStatus, value: Value)?
    {
        for status in self where status.entry.role == role {
            if let value = status.values?[keyPath: key] { return (status, value) }
        }
        return nil
    }
}
