import Devices
import FoundationEssentials
public import KioskCore
import LinuxPlatform

/// One `[[sensors]]` entry's driver over its bus or 1-Wire files: the chip's own driver,
/// read as `SensorValues`. One owner reads it, in a `var`.
///
/// After every read, good or failed, the I2C bus device is closed, and a failed read makes
/// the driver set the chip up afresh next time: a sensor unplugged and plugged back
/// answers again without a restart.
public struct SensorDriver: Sendable {
    /// The chip's driver.
    enum Chip: Sendable {
        case bme280(BME280)
        case sht3x(SHT3x)
        case sht4x(SHT4x)
        case scd4x(SCD4x)
        case bme680(BME680)
        case ds18b20(DS18B20)
    }

    /// The entry it reads.
    public let entry: SensorEntry
    private var chip: Chip
    private let release: @Sendable () async -> Void

    /// A driver for `entry` over `device` (I2C) or `files` (1-Wire); `release` runs after
    /// every read.
    init(entry: SensorEntry, chip: Chip, release: @escaping @Sendable () async -> Void = {}) {
        self.entry = entry
        self.chip = chip
        self.release = release
    }

    /// The driver for `entry` on the real hardware: `/dev/i2c-<bus>` or the kernel's w1
    /// files.
    public static func hardware(_ entry: SensorEntry) -> SensorDriver {
        if entry.model == .ds18b20 {
            let files: SysfsOneWireDevices
            var device: String?
            if let path = entry.device {
                (files, device) = SysfsOneWireDevices.forDevice(path)
            } else {
                files = SysfsOneWireDevices()
            }
            return SensorDriver(entry: entry, chip: .ds18b20(DS18B20(files: files, device: device)))
        }
        let bus = LinuxI2CBus(path: "/dev/i2c-\(entry.bus)", busKey: "the sensor's bus")
        let device = bus.device(at: UInt8(truncatingIfNeeded: entry.address))
        return SensorDriver(
            entry: entry, chip: chip(entry.model, device: device), release: { await bus.close() })
    }

    /// The driver of an I2C `model` over `device` (not a DS18B20).
    /// - Parameter sleep: waits a chip's measurement time; `Task.sleep` unless a simulated
    ///   board's manual clock gives another.
    static func chip(
        _ model: SensorModel, device: some I2CMessageDevice,
        sleep: @escaping @Sendable (Duration) async throws -> Void = {
            try await Task.sleep(for: $0)
        }
    ) -> Chip {
        switch model {
        case .bme280, .bmp280: .bme280(BME280(device: device, sleep: sleep))
        case .sht3x: .sht3x(SHT3x(device: device, sleep: sleep))
        case .sht4x: .sht4x(SHT4x(device: device, sleep: sleep))
        case .scd4x: .scd4x(SCD4x(device: device, sleep: sleep))
        case .bme680: .bme680(BME680(device: device, sleep: sleep))
        case .ds18b20: preconditionFailure("a DS18B20 is not on I2C")
        }
    }

    /// One reading.
    /// - Parameter ambientPressure: the station pressure another sensor measured, for an
    ///   SCD4x's pressure compensation.
    /// - Throws: `SensorReadFailure`: one sentence naming the sensor and the driver's reason.
    public mutating func read(ambientPressure: Pressure? = nil) async throws(SensorReadFailure)
        -> SensorValues
    {
        let outcome: Result<SensorValues, any Error>
        do {
            outcome = .success(try await readChip(ambientPressure: ambientPressure))
        } catch {
            outcome = .failure(error)
        }
        await release()
        switch outcome {
        case .success(let values): return values
        case .failure(let error):
            throw SensorReadFailure(name: entry.name, model: entry.model, reason: "\(error)")
        }
    }

    private mutating func readChip(ambientPressure: Pressure?) async throws -> SensorValues {
        switch chip {
        case .bme280(var driver):
            defer { chip = .bme280(driver) }
            let measurement = try await driver.read()
            return SensorValues(
                temperature: measurement.temperature, humidity: measurement.humidity,
                pressure: measurement.pressure)
        case .sht3x(var driver):
            defer { chip = .sht3x(driver) }
            let measurement = try await driver.read()
            return SensorValues(
                temperature: measurement.temperature, humidity: measurement.humidity)
        case .sht4x(var driver):
            defer { chip = .sht4x(driver) }
            let measurement = try await driver.read()
            return SensorValues(
                temperature: measurement.temperature, humidity: measurement.humidity)
        case .scd4x(var driver):
            defer { chip = .scd4x(driver) }
            return try await driver.read(ambientPressure: ambientPressure).values
        case .bme680(var driver):
            defer { chip = .bme680(driver) }
            return try await driver.read().values
        case .ds18b20(var driver):
            defer { chip = .ds18b20(driver) }
            return try await driver.read().values
        }
    }
}

/// A sensor that gave no reading: one sentence that names it and says why.
public struct SensorReadFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sensor's configured name.
    public var name: String
    /// Its chip.
    public var model: SensorModel
    /// The driver's sentence (it names the bus and address, or the file).
    public var reason: String

    /// The failure of sensor `name`.
    public init(name: String, model: SensorModel, reason: String) {
        self.name = name
        self.model = model
        self.reason = reason
    }

    /// "Sensor "Balcony" (DS18B20): /sys/bus/w1/devices/28-… is gone; …"
    public var description: String {
        Sentence.ended("Sensor \"\(name)\" (\(model.displayName)): \(reason)")
    }
}
