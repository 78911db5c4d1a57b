public import KioskCore

/// The Sensirion SHT40/SHT41/SHT45 (temperature and humidity) over any
/// `I2CMessageDevice`: each `read()` sends 0xFD (measure with high precision), waits the
/// datasheet's maximum time, then reads temperature and humidity with their CRCs.
///
/// The first read, and the first after any failure, soft-resets the chip and reads its
/// serial number (0x89), so an unplugged and replugged sensor works again on the next
/// read. A word with a wrong CRC is never turned into a number.
///
/// A value type with one owner: the task that reads the sensor keeps it in a `var`.
public struct SHT4x: Sendable {
    /// The commands the driver uses (SHT4x datasheet, section 4.5): one byte each.
    private enum Command: UInt8 {
        /// Measure T and RH with high precision (high repeatability).
        case measureHighPrecision = 0xFD
        /// Read the serial number.
        case readSerialNumber = 0x89
        /// Soft reset.
        case softReset = 0x94
    }

    /// The longest a high-precision measurement takes: the datasheet's 8.3 ms, rounded up
    /// to the 10 ms Sensirion's own driver waits.
    public static let measurementTime = Duration.milliseconds(10)
    /// The time the serial number and the soft reset take (datasheet: 1 ms).
    static let commandTime = Duration.milliseconds(1)

    /// One measurement.
    public typealias Measurement = SHTMeasurement

    /// The device the chip is.
    public var device: any I2CMessageDevice { link.device }
    private let link: SensirionLink
    private let sleep: @Sendable (Duration) async throws -> Void
    /// The serial number read by the last set-up; nil before it and after a failure.
    public private(set) var serial: UInt32?

    /// A driver for the chip at `device`. Nothing is transferred until the first `read()`.
    /// - Parameter sleep: waits a duration; `Task.sleep` unless a test gives another.
    public init(
        device: any I2CMessageDevice,
        sleep: @escaping @Sendable (Duration) async throws -> Void = {
            try await Task.sleep(for: $0)
        }
    ) {
        link = SensirionLink(device: device, chip: "SHT4x")
        self.sleep = sleep
    }

    /// Takes one measurement (resetting the chip first when needed).
    /// - Throws: `SensirionError` for a wrong CRC or a short read; the bus's error when a
    ///   transfer fails. After any failure the next call resets the chip again.
    public mutating func read() async throws -> Measurement {
        do {
            if serial == nil {
                try await link.send(byte: Command.softReset.rawValue)
                try await sleep(Self.commandTime)
                serial = try await serialNumber()
            }
            try await link.send(byte: Command.measureHighPrecision.rawValue)
            try await sleep(Self.measurementTime)
            let words = try await link.readWords(2)
            return Measurement(
                temperature: SensirionSignal.temperature(words[0]),
                humidity: SensirionSignal.humiditySHT4x(words[1]),
                rawTemperature: words[0], rawHumidity: words[1])
        } catch {
            serial = nil
            throw error
        }
    }

    /// The chip's 32-bit serial number.
    /// - Throws: `SensirionError` or the bus's error.
    public func serialNumber() async throws -> UInt32 {
        try await link.send(byte: Command.readSerialNumber.rawValue)
        try await sleep(Self.commandTime)
        let words = try await link.readWords(2)
        return UInt32(words[0]) << 16 | UInt32(words[1])
    }
}
