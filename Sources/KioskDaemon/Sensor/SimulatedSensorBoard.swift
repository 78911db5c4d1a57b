import Devices
public import FoundationEssentials
public import KioskCore
public import Simulator

/// The simulator board's sensors: each `[[sensors]]` entry as a simulated chip at the
/// protocol level (Sensirion command frames, Bosch registers, the kernel's w1 text), on
/// simulated I2C buses and a simulated 1-Wire directory, measuring the simulated climate
/// indoors or outdoors. The drivers are the ones a Pi runs.
public final class SimulatedSensorBoard: Sendable {
    /// The entries it simulates.
    public let entries: [SensorEntry]
    /// The simulated I2C buses, by number.
    public let buses: [Int: SimulatedI2CBus]
    /// The simulated 1-Wire devices directory.
    public let oneWire: SimulatedOneWireBus
    /// Each entry's chip, in `entries` order, so that a test can unplug one.
    public let chips: [Chip]
    /// The chips' and the drivers' clock: the system's, or a manual one in tests.
    public let clock: SimulatedClock

    /// One simulated chip.
    public enum Chip: Sendable {
        /// On I2C, at its bus and address.
        case i2c(any SimulatedI2CChip)
        /// A DS18B20 in the 1-Wire directory under its name.
        case oneWire(SimulatedDS18B20, name: String)
    }

    /// The chips for `entries` in `climate` at the time `now` gives, keeping their
    /// measurement times by `clock`.
    public init(
        entries: [SensorEntry], climate: SimulatedClimate, clock: SimulatedClock = .system,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.entries = entries
        self.clock = clock
        var buses: [Int: SimulatedI2CBus] = [:]
        let oneWire = SimulatedOneWireBus()
        var chips: [Chip] = []
        for (index, entry) in entries.enumerated() {
            let air: SimulatedAir =
                entry.role == .indoor ? .indoor(climate, now: now) : .outdoor(climate, now: now)
            if entry.model == .ds18b20 {
                let name = entry.device.map(FileSystemName.last) ?? "28-00000000000\(index + 1)"
                let device = SimulatedDS18B20(air: air)
                oneWire.attach(device, as: name)
                chips.append(.oneWire(device, name: name))
                continue
            }
            let bus =
                buses[entry.bus] ?? SimulatedI2CBus(name: "the simulated bus \(entry.bus)")
            buses[entry.bus] = bus
            let chip: any SimulatedI2CChip =
                switch entry.model {
                case .sht3x: SimulatedSHT3x(air: air, clock: clock)
                case .sht4x: SimulatedSHT4x(air: air, clock: clock)
                case .scd4x: SimulatedSCD4x(air: air, clock: clock)
                case .bme680: SimulatedBME680(air: air, clock: clock)
                default: SimulatedBME280(output: .climate(climate, now: now))
                }
            bus.attach(chip, at: UInt8(truncatingIfNeeded: entry.address))
            chips.append(.i2c(chip))
        }
        self.buses = buses
        self.oneWire = oneWire
        self.chips = chips
    }

    /// The drivers of every entry, over the simulated buses.
    public func drivers() -> [SensorDriver] {
        entries.map { entry in
            if entry.model == .ds18b20 {
                let device = entry.device.map(FileSystemName.last)
                return SensorDriver(
                    entry: entry, chip: .ds18b20(DS18B20(files: oneWire, device: device)))
            }
            let bus = buses[entry.bus] ?? SimulatedI2CBus()
            let device = bus.device(at: UInt8(truncatingIfNeeded: entry.address))
            return SensorDriver(
                entry: entry,
                chip: SensorDriver.chip(entry.model, device: device, sleep: clock.sleep))
        }
    }

    /// The simulated bus `number`, empty when no sensor is on it.
    public func bus(_ number: Int) -> SimulatedI2CBus {
        buses[number] ?? SimulatedI2CBus(name: "the simulated bus \(number)")
    }
}

/// The last part of a path: "28-0316a2794dff" of "/sys/bus/w1/devices/28-0316a2794dff".
enum FileSystemName {
    static func last(_ path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }
}
