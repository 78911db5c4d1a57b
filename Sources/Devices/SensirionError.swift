import KioskCore

/// Why a Sensirion chip (SHT3x, SHT4x, SCD4x) gave no reading; a failed transfer throws
/// the bus's own error instead.
public struct SensirionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// A word's CRC byte did not match its two bytes.
        case checksum(SensirionWords.Mismatch)
        /// The read returned another number of bytes than asked for.
        case shortRead(expected: Int, got: Int)
        /// An SCD4x said "no new data" for this long after it should have had some.
        case notReady(milliseconds: Int)
        /// An SCD4x reported 0 ppm: no measurement (the first after power-up or wake-up).
        case noCarbonDioxide
        /// `perform_forced_recalibration` answered 0xFFFF.
        case recalibrationFailed
        /// Single-shot measurements were asked of a chip that has none (an SCD40).
        case singleShotUnsupported(variant: String)
    }

    /// What went wrong.
    public var reason: Reason
    /// The chip: "SHT3x", "SHT4x", "SCD4x".
    public var chip: String
    /// Where it is: "0x44 on /dev/i2c-1".
    public var location: String

    /// Creates an error.
    public init(_ reason: Reason, chip: String, location: String) {
        self.reason = reason
        self.chip = chip
        self.location = location
    }

    /// One sentence naming the chip, bus and address, and what to do.
    public var description: String {
        let the = "The \(chip) at \(location)"
        switch reason {
        case .checksum(let mismatch):
            return
                "\(the) sent \(mismatch): the transfer was corrupted, so no reading was taken; check the wiring and the pull-ups, or shorten the cable."
        case .shortRead(let expected, let got):
            return
                "\(the) returned \(got) bytes instead of \(expected); no reading was taken, and the next read sets the chip up again."
        case .notReady(let milliseconds):
            return
                "\(the) still had no new measurement \(milliseconds) ms after it should have; it is set up again on the next read (if this repeats, power-cycle the sensor)."
        case .noCarbonDioxide:
            return
                "\(the) reported 0 ppm CO2, which is no measurement (the first after power-up is one); the next reading should be real."
        case .recalibrationFailed:
            return
                "\(the) refused the forced recalibration (it answered 0xffff): run it in fresh air, measuring, for at least 3 minutes first."
        case .singleShotUnsupported(let variant):
            return
                "\(the) is an \(variant), which has no single-shot measurement (only the SCD41 has); use periodic measurement."
        }
    }
}

/// Sensirion's command and word framing over an `I2CMessageDevice`: a 16-bit command (and
/// its argument word with CRC) written in one transfer, words read back with every CRC
/// checked.
struct SensirionLink: Sendable {
    let device: any I2CMessageDevice
    /// "SHT3x", for messages.
    let chip: String

    /// Sends a 16-bit command: the two bytes, most significant first.
    func send(command: UInt16) async throws {
        try await device.write(register: UInt8(command >> 8), value: UInt8(command & 0xFF))
    }

    /// Sends a 16-bit command with one argument word and its CRC: five bytes.
    func send(command: UInt16, argument: UInt16) async throws {
        try await device.write(
            register: UInt8(command >> 8),
            bytes: [UInt8(command & 0xFF)] + SensirionWords.encode([argument]))
    }

    /// Sends an 8-bit command (the SHT4x's).
    func send(byte: UInt8) async throws {
        try await device.send(byte)
    }

    /// Reads `count` words, checking the length and every CRC.
    /// - Throws: `SensirionError` naming the chip and where it is; the bus's error.
    func readWords(_ count: Int) async throws -> [UInt16] {
        let bytes = try await device.read(count: count * 3)
        guard bytes.count == count * 3 else {
            throw SensirionError(
                .shortRead(expected: count * 3, got: bytes.count), chip: chip,
                location: device.location)
        }
        do {
            return try SensirionWords.decode(bytes)
        } catch {
            throw SensirionError(.checksum(error), chip: chip, location: device.location)
        }
    }

    /// An error about this chip.
    func error(_ reason: SensirionError.Reason) -> SensirionError {
        SensirionError(reason, chip: chip, location: device.location)
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded down.
    var wholeMilliseconds: Int {
        Int(components.seconds * 1000) + Int(components.attoseconds / 1_000_000_000_000_000)
    }
}
