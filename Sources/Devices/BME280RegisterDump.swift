public import KioskCore

/// What a register dump of a BME280 or BMP280 says: chip, calibration, raw data and the
/// compensated reading, by the same functions the driver uses.
public struct BME280RegisterDump: Sendable, Hashable {
    /// Why a dump gives no reading.
    public enum Problem: Error, Sendable, Hashable {
        /// The chip id (0xD0) is not a BME280's or BMP280's.
        case unknownChip(UInt8)
        /// The calibration is zeros or 0xFF.
        case implausibleCalibration
        /// The data registers hold skipped / not-ready markers for these channels.
        case skipped([BME280Channel])
    }

    /// The 256 registers.
    public let registers: [UInt8]

    /// A dump of 256 registers.
    /// - Precondition: 256 values (a programmer error otherwise).
    public init(registers: [UInt8]) {
        precondition(registers.count == 256)
        self.registers = registers
    }

    /// The chip id register, 0xD0.
    public var chipID: UInt8 { registers[0xD0] }

    /// The chip, from the id.
    /// - Throws: `Problem.unknownChip` for any other id.
    public func chip() throws(Problem) -> SensorChip {
        guard let chip = SensorChip(chipID: chipID) else { throw .unknownChip(chipID) }
        return chip
    }

    /// The calibration in the dump.
    /// - Throws: `Problem` for an unknown chip or an empty calibration.
    public func calibration() throws(Problem) -> BME280Calibration {
        let humidity = try chip().measuresHumidity ? Array(registers[0xE1...0xE7]) : nil
        let calibration = BME280Calibration(
            temperatureAndPressure: Array(registers[0x88...0xA1]), humidity: humidity)
        guard calibration.isPlausible else { throw .implausibleCalibration }
        return calibration
    }

    /// The raw values in 0xF7…0xFE (0xF7…0xFC for a BMP280).
    /// - Throws: `Problem.unknownChip` for an unknown chip.
    public func raw() throws(Problem) -> BME280RawSample {
        let count = try chip().measuresHumidity ? 8 : 6
        return BME280RawSample(dataRegisters: Array(registers[0xF7..<0xF7 + count]))
    }

    /// The compensated reading of the data registers.
    /// - Throws: `Problem` for an unknown chip, an empty calibration, or skipped values.
    public func compensated() throws(Problem) -> BME280Compensated {
        let raw = try raw()
        let skipped = raw.skippedChannels
        guard skipped.isEmpty else { throw .skipped(skipped) }
        return try calibration().compensate(raw)
    }
}
