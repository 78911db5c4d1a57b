public import KioskCore

/// A Maxim DS18B20 read through the kernel's w1-therm files, over any
/// `OneWireDeviceFiles`: `w1_slave` when it is there (it carries the kernel's CRC verdict
/// and the scratchpad), else `temperature`.
///
/// A read is refused, with a sentence naming the file, when the file is empty (the kernel
/// could not read the device), when the kernel says `crc=… NO`, when the scratchpad is
/// not a DS18B20's (all zeros: a data line held low), and when it is 85.000 °C — the
/// chip's power-on value, which a thermometer that lost power or was read before its
/// conversion reports — unless the previous reading was within 5 °C of it.
///
/// With no device named, the only `28-…` directory there is used; the choice is made
/// again after a failure, so a thermometer swapped for another is found without a restart.
///
/// A value type with one owner: the task that reads the sensor keeps it in a `var`.
public struct DS18B20: Sendable {
    /// The 1-Wire family code of the DS18B20: its directories are named `28-…`.
    public static let familyPrefix = "28-"
    /// How near the previous reading must be for 85.000 °C to be believed, °C.
    public static let powerOnNeighbourhood = 5.0
    /// The power-on value, m°C.
    static let powerOnMillidegrees = 85_000

    /// One reading.
    public struct Measurement: Sendable, Hashable {
        /// The temperature.
        public var temperature: Temperature
        /// The device directory's name: "28-0316a2794dff".
        public var device: String
        /// The file it came from: "w1_slave" or "temperature".
        public var file: String

        /// The values, for the multi-sensor view.
        public var values: SensorValues { SensorValues(temperature: temperature) }
    }

    /// The devices' files.
    public let files: any OneWireDeviceFiles
    /// The device named in the configuration (a `28-…` name or its full path); nil for
    /// "the only one there".
    public let configuredDevice: String?
    /// The device the last read used.
    public private(set) var device: String?
    /// The last accepted temperature.
    public private(set) var lastTemperature: Temperature?

    /// A thermometer in `files`: the one named `device` (a name or a path whose last part
    /// is the name), or, when nil, the only `28-…` one there.
    public init(files: any OneWireDeviceFiles, device: String? = nil) {
        self.files = files
        configuredDevice = device.map { path in
            String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
        }
    }

    /// Reads the temperature.
    /// - Throws: `DS18B20Error` for every refused read; the port's error when the
    ///   directory or a file cannot be read.
    public mutating func read() async throws -> Measurement {
        do {
            let name = try await chooseDevice()
            device = name
            let measurement = try await read(device: name)
            lastTemperature = measurement.temperature
            return measurement
        } catch {
            device = nil
            throw error
        }
    }

    private func chooseDevice() async throws -> String {
        if let configuredDevice { return configuredDevice }
        if let device { return device }
        let names = try await files.deviceNames().filter { $0.hasPrefix(Self.familyPrefix) }
            .sorted()
        guard let only = names.first else {
            throw DS18B20Error(.noDevice, path: files.directory)
        }
        guard names.count == 1 else {
            throw DS18B20Error(.severalDevices(names), path: files.directory)
        }
        return only
    }

    private func read(device name: String) async throws -> Measurement {
        let path = "\(files.directory)/\(name)"
        if let text = try await files.read("w1_slave", device: name) {
            let file = "\(path)/w1_slave"
            let slave: W1ThermText.Slave
            do {
                slave = try W1ThermText.slave(text)
            } catch {
                throw DS18B20Error(error, path: file)
            }
            guard slave.crcValid else { throw DS18B20Error(.crcFailed(slave.crc), path: file) }
            let computed = DallasCRC.checksum(slave.scratchpad[0..<8])
            guard computed == slave.scratchpad[8] else {
                throw DS18B20Error(DS18B20Error.Reason.malformed(text), path: file)
            }
            if name.hasPrefix(Self.familyPrefix), slave.scratchpad[4] & 0x9F != 0x1F {
                throw DS18B20Error(.notAScratchpad(slave.scratchpad), path: file)
            }
            return try accept(slave.millidegrees, device: name, file: "w1_slave", path: file)
        }
        if let text = try await files.read("temperature", device: name) {
            let file = "\(path)/temperature"
            do {
                let value = try W1ThermText.temperature(text)
                return try accept(value, device: name, file: "temperature", path: file)
            } catch let problem as W1ThermText.Problem {
                throw DS18B20Error(problem, path: file)
            }
        }
        throw DS18B20Error(.missing, path: path)
    }

    private func accept(_ millidegrees: Int, device: String, file: String, path: String)
        throws(DS18B20Error) -> Measurement
    {
        if millidegrees == Self.powerOnMillidegrees {
            let near =
                lastTemperature.map { abs($0.celsius - 85) <= Self.powerOnNeighbourhood } ?? false
            if !near { throw DS18B20Error(.powerOnValue, path: path) }
        }
        return Measurement(
            temperature: Temperature(celsius: Double(millidegrees) / 1000), device: device,
            file: file)
    }
}

/// Why a DS18B20 read gave no reading; one sentence naming the file or directory.
public struct DS18B20Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// No `28-…` directory in the devices directory.
        case noDevice
        /// Several; their names.
        case severalDevices([String])
        /// The device's directory (or both files) is gone.
        case missing
        /// The file was empty: the kernel could not read the device.
        case emptyRead
        /// The kernel's CRC check failed (`crc=… NO`); the CRC it computed.
        case crcFailed(UInt8)
        /// The file is not in the kernel's format; the offending text.
        case malformed(String)
        /// The scratchpad is not a DS18B20's (configuration byte wrong, all zeros).
        case notAScratchpad([UInt8])
        /// 85.000 °C with no previous reading near it.
        case powerOnValue
    }

    /// What went wrong.
    public var reason: Reason
    /// The file or directory: "/sys/bus/w1/devices/28-0316a2794dff/w1_slave".
    public var path: String

    /// Creates an error.
    public init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    /// The error for a parse problem of the file at `path`.
    public init(_ problem: W1ThermText.Problem, path: String) {
        switch problem {
        case .empty: self.init(.emptyRead, path: path)
        case .malformed(let line): self.init(Reason.malformed(line), path: path)
        }
    }

    /// One sentence saying what happened and what to do.
    public var description: String {
        let wiring =
            "check the wiring (data to GPIO4 with a 4.7 kΩ pull-up to 3V3, power and GND)"
        switch reason {
        case .noDevice:
            return
                "There is no DS18B20 (no 28-… directory) in \(path): \(wiring), and enable 1-Wire with dtoverlay=w1-gpio in /boot/firmware/config.txt, then reboot."
        case .severalDevices(let names):
            return
                "There are several DS18B20s in \(path) (\(names.joined(separator: ", "))); set the sensor's device to the one you mean."
        case .missing:
            return
                "The DS18B20 \(path) is gone (no w1_slave or temperature file): it is unplugged or its wiring is loose, so \(wiring); the next read looks again."
        case .emptyRead:
            return
                "Reading \(path) returned nothing: the kernel could not read the DS18B20 (no answer, or a bad CRC every time); \(wiring)."
        case .crcFailed(let crc):
            return
                "\(path) says crc=\(I2CAddress.text(crc).dropFirst(2)) NO: the scratchpad was corrupted on the wire, so no reading was taken; \(wiring), or shorten the cable."
        case .malformed(let text):
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
            return
                "\(path) does not read as the kernel's w1-therm file (\"\(line)\"); is it a DS18B20's directory?"
        case .notAScratchpad(let bytes):
            let hex = bytes.map { I2CAddress.text($0).dropFirst(2) }.joined(separator: " ")
            return
                "\(path) holds a scratchpad that is no DS18B20's (\(hex)): the data line is probably held low; \(wiring)."
        case .powerOnValue:
            return
                "\(path) reads 85.000 °C, the DS18B20's power-on value: it lost power or was read before converting (parasite power needs a strong pull-up), so the reading was refused; \(wiring)."
        }
    }
}
