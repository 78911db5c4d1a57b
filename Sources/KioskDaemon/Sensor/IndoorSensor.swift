import Devices
public import FoundationEssentials
public import KioskCore
import LinuxPlatform
import Simulator

/// The configured indoor sensor: the BME280 driver over the real bus or the simulator's,
/// plus the heat compensation. One owner reads it, in a `var`.
public struct IndoorSensor: Sendable {
    /// A reading and what went wrong on the side (the CPU temperature).
    public struct Result: Sendable {
        /// The compensated reading.
        public var reading: SensorReading
        /// Sentences about corrections that could not be made.
        public var warnings: [String]
    }

    private var driver: BME280
    private let compensation: HeatCompensation
    private let thermometer: CPUThermometer
    private var cpuTemperatures = MovingAverage(capacity: 5)
    private let release: @Sendable () async -> Void

    /// Where the chip is: "0x76 on /dev/i2c-1".
    public var location: String { driver.device.location }

    /// The sensor over `device`; the CPU temperature for the heat compensation comes from
    /// `cpuTemperaturePath` (millidegrees Celsius). `release` runs after every reading, read
    /// or failed: it closes the bus device, so that between readings the kiosk holds no
    /// `/dev/i2c-N` open and the bus's driver can be unloaded and loaded again (a module
    /// reload, an I2C adapter replaced) with the kiosk picking up the new bus.
    public init(
        device: any I2CDevice, settings: SensorSettings,
        cpuTemperaturePath: String = "/sys/class/thermal/thermal_zone0/temp",
        release: @escaping @Sendable () async -> Void = {}
    ) {
        self.release = release
        driver = BME280(
            device: device,
            settings: BME280.Settings(
                oversampling: BME280Oversampling(rawValue: settings.oversampling) ?? .x1,
                filter: BME280Filter(rawValue: settings.filterCoefficient) ?? .off))
        compensation = HeatCompensation(
            temperatureOffset: settings.temperatureOffset, cpuHeatFactor: settings.cpuHeatFactor)
        thermometer = CPUThermometer(path: cpuTemperaturePath)
    }

    /// The sensor `configuration` describes: `/dev/i2c-<bus>` (or `devicePath`) for a
    /// BME280, the simulated chip for "simulated".
    /// - Throws: `SensorSetupError` when `sensor.kind` is "none".
    public static func configured(
        _ configuration: KioskConfiguration, devicePath: String? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(SensorSetupError) -> IndoorSensor {
        let settings = configuration.sensor
        let address = UInt8(truncatingIfNeeded: settings.address)
        switch settings.kind {
        case .none:
            throw .noSensor
        case .bme280:
            let bus = LinuxI2CBus(path: devicePath ?? "/dev/i2c-\(settings.bus)")
            return IndoorSensor(
                device: bus.device(at: address), settings: settings, release: { await bus.close() })
        case .simulated:
            let bus = SimulatedI2CBus()
            let climate = SimulatedClimate(
                elevation: configuration.station.elevation ?? 34,
                utcOffsetSeconds: KioskClock.localOffset(at: now()))
            bus.attach(SimulatedBME280(output: .climate(climate, now: now)), at: address)
            return IndoorSensor(device: bus.device(at: address), settings: settings)
        }
    }

    /// One reading, corrected for the board's heat; the bus is released afterwards.
    /// - Throws: the driver's or the bus's error (one sentence); the next call probes the
    ///   chip again.
    public mutating func read(at time: Date) async throws -> Result {
        let measurement: BME280.Measurement
        do {
            measurement = try await driver.read()
        } catch {
            await release()
            throw error
        }
        await release()
        var warnings: [String] = []
        if compensation.usesCPUTemperature {
            do {
                cpuTemperatures.add(try await thermometer.read())
            } catch {
                warnings.append(
                    "CPU heat compensation skipped: \(error.message.prefix(1).lowercased())\(error.message.dropFirst())"
                )
            }
        }
        let corrected = compensation.apply(
            temperature: measurement.temperature, humidity: measurement.humidity,
            cpuTemperature: compensation.usesCPUTemperature
                ? cpuTemperatures.mean.map { Temperature(celsius: $0) } : nil)
        let reading = SensorReading(
            chip: measurement.chip, time: time, temperature: corrected.temperature,
            humidity: corrected.humidity, pressure: measurement.pressure)
        return Result(reading: reading, warnings: warnings)
    }
}

/// The station's elevation, for the sea-level pressure: from the config, else from the
/// station's entry in the forecast cache (Open-Meteo's elevation), else unknown.
public enum StationElevation: Sendable, Hashable {
    /// `station.elevation` in the config.
    case configured(Double)
    /// Open-Meteo's elevation for the station, from the forecast cache.
    case openMeteo(Double)
    /// Neither is there.
    case unknown

    /// The metres, when known.
    public var metres: Double? {
        switch self {
        case .configured(let metres), .openMeteo(let metres): metres
        case .unknown: nil
        }
    }

    /// Looks the elevation up for `configuration`. A cache that cannot be read counts as
    /// no cache: the sea-level pressure is then reported unknown, never guessed.
    public static func resolve(_ configuration: KioskConfiguration) -> StationElevation {
        if let metres = configuration.station.elevation { return .configured(metres) }
        guard let coordinate = configuration.station.coordinate else { return .unknown }
        let cache = ForecastCache(directory: configuration.stateDirectory)
        let entries: [ForecastCache.Entry]
        do {
            entries = try cache.load()
        } catch {
            return .unknown
        }
        guard
            let metres = entries.first(where: { ForecastCache.sameKey($0.coordinate, coordinate) })?
                .forecast.elevation
        else { return .unknown }
        return .openMeteo(metres)
    }
}
