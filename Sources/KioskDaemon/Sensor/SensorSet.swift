public import FoundationEssentials
public import KioskCore
import LinuxPlatform
import Simulator

/// Every configured sensor, read one after another and each on its own: one failing never
/// hides the others, and the one that failed is set up afresh at its next reading.
public struct SensorSet: Sendable {
    /// What one sensor gave at one reading.
    public struct Outcome: Sendable, Hashable {
        /// The sensor.
        public var entry: SensorEntry
        /// Its values, or why there are none.
        public var result: Result<SensorValues, SensorReadFailure>
    }

    /// The drivers, in configuration order.
    public private(set) var drivers: [SensorDriver]
    /// Keeps the simulated chips alive while their drivers read them.
    private let board: SimulatedSensorBoard?

    /// The set of `drivers`.
    public init(drivers: [SensorDriver]) {
        self.drivers = drivers
        board = nil
    }

    /// The sensors `configuration` lists (`activeSensors`): on the simulator board
    /// (`sensor.kind = "simulated"`) simulated chips measuring the simulated climate,
    /// otherwise the real buses and 1-Wire files.
    public static func configured(
        _ configuration: KioskConfiguration, now: @escaping @Sendable () -> Date = { Date() }
    ) -> SensorSet {
        guard configuration.sensor.kind == .simulated else {
            return SensorSet(drivers: configuration.activeSensors.map(SensorDriver.hardware))
        }
        return SensorSet(board: simulatedBoard(configuration, now: now))
    }

    /// The simulated chips `configuration` lists, in the simulated climate of its station.
    public static func simulatedBoard(
        _ configuration: KioskConfiguration, now: @escaping @Sendable () -> Date = { Date() }
    ) -> SimulatedSensorBoard {
        let climate = SimulatedClimate(
            elevation: configuration.station.elevation ?? 34,
            utcOffsetSeconds: KioskClock.localOffset(at: now()))
        return SimulatedSensorBoard(
            entries: configuration.activeSensors, climate: climate, now: now)
    }

    /// The set over a simulated board's chips.
    public init(board: SimulatedSensorBoard) {
        drivers = board.drivers()
        self.board = board
    }

    /// One reading of every sensor, in order. An SCD4x gets the station pressure a Bosch
    /// chip of the set measured in this round, for its pressure compensation.
    public mutating func readAll() async -> [Outcome] {
        var outcomes: [Outcome] = []
        var pressure: Pressure?
        for index in drivers.indices where drivers[index].entry.model != .scd4x {
            outcomes.append(await read(index, ambientPressure: nil))
            if pressure == nil, case .success(let values) = outcomes.last?.result {
                pressure = values.pressure
            }
        }
        for index in drivers.indices where drivers[index].entry.model == .scd4x {
            outcomes.append(await read(index, ambientPressure: pressure))
        }
        let order = drivers.map(\.entry.name)
        return outcomes.sorted {
            (order.firstIndex(of: $0.entry.name) ?? 0) < (order.firstIndex(of: $1.entry.name) ?? 0)
        }
    }

    private mutating func read(_ index: Int, ambientPressure: Pressure?) async -> Outcome {
        do {
            let values = try await drivers[index].read(ambientPressure: ambientPressure)
            return Outcome(entry: drivers[index].entry, result: .success(values))
        } catch {
            return Outcome(entry: drivers[index].entry, result: .failure(error))
        }
    }
}

extension IndoorSensor {
    /// The configuration whose `[sensor]` table is the indoor BME280 to read for the indoor
    /// page: `[sensor]` itself without `[[sensors]]` (or on the simulator board), else the
    /// first indoor BME280/BMP280 entry's bus and address; nil when there is none.
    public static func bosch(of configuration: KioskConfiguration) -> KioskConfiguration? {
        guard configuration.sensor.kind != .none else { return nil }
        if configuration.sensors.isEmpty || configuration.sensor.kind == .simulated {
            return configuration
        }
        guard
            let entry = configuration.sensors.first(where: {
                $0.role == .indoor && [.bme280, .bmp280].contains($0.model)
            })
        else { return nil }
        var indoor = configuration
        indoor.sensor.bus = entry.bus
        indoor.sensor.address = entry.address
        return indoor
    }
}
