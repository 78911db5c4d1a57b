public import KioskCore

/// The Sensirion SHT30/SHT31/SHT35 (temperature and humidity) over any
/// `I2CMessageDevice`, in single-shot mode with high repeatability and clock stretching
/// disabled (command 0x2400): each `read()` starts one measurement, waits the datasheet's
/// maximum measurement time, then reads temperature and humidity with their CRCs.
///
/// The first read, and the first after any failure, soft-resets the chip (which also ends
/// a periodic mode or a heater another program left on) and reads its status register,
/// so an unplugged and replugged sensor works again on the next read. A word with a wrong
/// CRC is never turned into a number.
///
/// A value type with one owner: the task that reads the sensor keeps it in a `var`.
public struct SHT3x: Sendable {
    /// The commands the driver uses (SHT3x-DIS datasheet v5, section 4).
    private enum Command: UInt16 {
        /// Single shot, high repeatability, clock stretching disabled (table 9).
        case measureHighRepeatability = 0x2400
        /// Soft reset (table 13).
        case softReset = 0x30A2
        /// Read out the status register (table 17).
        case readStatus = 0xF32D
        /// Clear the status register (table 19).
        case clearStatus = 0x3041
        /// Read the serial number, clock stretching disabled.
        case readSerialNumber = 0x3780
    }

    /// The longest a high-repeatability measurement takes (datasheet table 4: 15 ms), plus
    /// the 1 ms the chip wants between commands.
    public static let measurementTime = Duration.milliseconds(16)
    /// The soft reset's time until the chip answers again (datasheet: 1.5 ms max).
    static let resetTime = Duration.microseconds(1500)
    /// The wait between a command and reading its answer (datasheet table 9: 1 ms).
    static let commandTime = Duration.milliseconds(1)

    /// One measurement.
    public typealias Measurement = SHTMeasurement

    /// The device the chip is.
    public var device: any I2CMessageDevice { link.device }
    private let link: SensirionLink
    private let sleep: @Sendable (Duration) async throws -> Void
    private var ready = false

    /// A driver for the chip at `device`. Nothing is transferred until the first `read()`.
    /// - Parameter sleep: waits a duration; `Task.sleep` unless a test gives another.
    public init(
        device: any I2CMessageDevice,
        sleep: @escaping @Sendable (Duration) async throws -> Void = {
            try await Task.sleep(for: $0)
        }
    ) {
        link = SensirionLink(device: device, chip: "SHT3x")
        self.sleep = sleep
    }

    /// Takes one measurement (resetting the chip first when needed).
    /// - Throws: `SensirionError` for a wrong CRC or a short read; the bus's error when a
    ///   transfer fails. After any failure the next call resets the chip again.
    public mutating func read() async throws -> Measurement {
        do {
            if !ready {
                try await setUp()
                ready = true
            }
            try await link.send(command: Command.measureHighRepeatability.rawValue)
            // Read too early, the chip NACKs the read header: wait its maximum time.
            try await sleep(Self.measurementTime)
            let words = try await link.readWords(2)
            return Measurement(
                temperature: SensirionSignal.temperature(words[0]),
                humidity: SensirionSignal.humidity(words[1]),
                rawTemperature: words[0], rawHumidity: words[1])
        } catch {
            ready = false
            throw error
        }
    }

    /// The status register (bit 13 heater on, bit 4 reset seen, bit 1 last command
    /// refused, bit 0 last write's CRC wrong).
    /// - Throws: `SensirionError` or the bus's error.
    public func status() async throws -> UInt16 {
        try await link.send(command: Command.readStatus.rawValue)
        try await sleep(Self.commandTime)
        return try await link.readWords(1)[0]
    }

    /// The chip's 32-bit serial number.
    /// - Throws: `SensirionError` or the bus's error.
    public func serialNumber() async throws -> UInt32 {
        try await link.send(command: Command.readSerialNumber.rawValue)
        try await sleep(Self.commandTime)
        let words = try await link.readWords(2)
        return UInt32(words[0]) << 16 | UInt32(words[1])
    }

    /// Soft reset, then a status read (proves a Sensirion chip answers with valid CRCs),
    /// then the status cleared.
    private func setUp() async throws {
        try await link.send(command: Command.softReset.rawValue)
        try await sleep(Self.resetTime)
        _ = try await status()
        try await link.send(command: Command.clearStatus.rawValue)
        try await sleep(Self.commandTime)
    }
}
