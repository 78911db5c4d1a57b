public import KioskCore

/// Decoding the bytes a chip returned, as `i2ctransfer` prints them: pure functions for
/// `sensor decode --chip CHIP FILE`.
///
/// - `sht3x`, `sht4x`: frames of 6 bytes (temperature word, CRC, humidity word, CRC), as
///   `i2ctransfer -y 1 w2@0x44 0x24 0x00` then `i2ctransfer -y 1 r6@0x44` (SHT4x: `w1@0x44
///   0xfd`, then `r6@0x44`) print them; several frames decode to several readings.
/// - `scd4x`: frames of 9 bytes (CO2, temperature, humidity, each with its CRC), from
///   `i2ctransfer -y 1 w2@0x62 0xec 0x05` then `r9@0x62`.
/// - `bme280`: the 119 registers 0x88…0xFE in one read, `i2ctransfer -y 1 w1@0x76 0x88
///   r119` (calibration, chip id and data registers), compensated as the driver does.
///
/// Every Sensirion word's CRC is checked; a wrong one refuses the whole text.
public enum SensorFrames {
    /// The chips `sensor decode --chip` takes.
    public enum Chip: String, Sendable, Hashable, CaseIterable {
        /// SHT30/31/35.
        case sht3x
        /// SHT40/41/45.
        case sht4x
        /// SCD40/41.
        case scd4x
        /// BME280 or BMP280.
        case bme280

        /// Bytes per frame.
        public var frameLength: Int {
            switch self {
            case .sht3x, .sht4x: 6
            case .scd4x: 9
            case .bme280: bme280Length
            }
        }
    }

    /// The bytes of the BME280 read: registers 0x88…0xFE.
    public static let bme280Length = 0xFF - 0x88

    /// One decoded frame.
    public struct Reading: Sendable, Hashable {
        /// The values it holds.
        public var values: SensorValues
        /// The raw words (Sensirion) or ADC values (BME280: temperature, pressure, humidity).
        public var raw: [Int]
    }

    /// Why the bytes give no reading; one sentence without the file name.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text holds no bytes, or malformed ones.
        case text(I2CTransferText.Problem)
        /// Not a whole number of frames.
        case length(chip: Chip, count: Int)
        /// A word's CRC is wrong; the frame, from 0.
        case checksum(chip: Chip, frame: Int, SensirionWords.Mismatch)
        /// The BME280 registers give no reading.
        case registers(BME280RegisterDump.Problem)

        /// The sentence.
        public var description: String {
            switch self {
            case .text(let problem):
                return problem.description
            case .length(let chip, let count):
                if chip == .bme280 {
                    return
                        "It holds \(count) bytes, not the \(bme280Length) registers 0x88…0xfe that `i2ctransfer -y BUS w1@ADDR 0x88 r\(bme280Length)` prints."
                }
                return
                    "It holds \(count) bytes, which is not a whole number of \(chip.frameLength)-byte \(chip.rawValue) frames (each word is two bytes and a CRC)."
            case .checksum(let chip, let frame, let mismatch):
                return
                    "In frame \(frame + 1), \(mismatch): the bytes are corrupted or not an \(chip.rawValue) reading, so nothing was decoded."
            case .registers(let problem):
                switch problem {
                case .unknownChip(let id):
                    return
                        "Register 0xd0 holds chip id \(I2CAddress.text(id)), neither a BME280's (0x60) nor a BMP280's (0x58); read the sensor's address (0x76 or 0x77)."
                case .implausibleCalibration:
                    return
                        "The calibration (0x88…0xa1) is empty (zeros or 0xff): the chip is faulty or not a genuine BME280/BMP280."
                case .skipped(let channels):
                    return
                        "The data registers hold skipped or not-ready \(BME280Channel.list(channels)) values (0x80000/0x8000): trigger a measurement first (`i2cset -y BUS ADDR 0xf2 0x01; i2cset -y BUS ADDR 0xf4 0x25`), then read again."
                }
            }
        }
    }

    /// Decodes `text` as printed by `i2ctransfer`.
    /// - Throws: `Problem` with the reason nothing was decoded.
    public static func decode(_ text: String, chip: Chip) throws(Problem) -> [Reading] {
        let bytes: [UInt8]
        do {
            bytes = try I2CTransferText.bytes(from: text)
        } catch {
            throw .text(error)
        }
        return try decode(bytes: bytes, chip: chip)
    }

    /// Decodes the bytes a chip returned.
    /// - Throws: `Problem` with the reason nothing was decoded.
    public static func decode(bytes: [UInt8], chip: Chip) throws(Problem) -> [Reading] {
        if chip == .bme280 { return [try bme280(bytes)] }
        guard !bytes.isEmpty, bytes.count % chip.frameLength == 0 else {
            throw .length(chip: chip, count: bytes.count)
        }
        var readings: [Reading] = []
        for frame in 0..<bytes.count / chip.frameLength {
            let start = frame * chip.frameLength
            let words: [UInt16]
            do {
                words = try SensirionWords.decode(Array(bytes[start..<start + chip.frameLength]))
            } catch {
                throw .checksum(chip: chip, frame: frame, error)
            }
            let values: SensorValues
            switch chip {
            case .sht3x:
                values = SensorValues(
                    temperature: SensirionSignal.temperature(words[0]),
                    humidity: SensirionSignal.humidity(words[1]))
            case .sht4x:
                values = SensorValues(
                    temperature: SensirionSignal.temperature(words[0]),
                    humidity: SensirionSignal.humiditySHT4x(words[1]))
            case .scd4x, .bme280:
                values = SCD4x.Measurement(words: words).values
            }
            readings.append(Reading(values: values, raw: words.map(Int.init)))
        }
        return readings
    }

    private static func bme280(_ bytes: [UInt8]) throws(Problem) -> Reading {
        guard bytes.count == bme280Length else { throw .length(chip: .bme280, count: bytes.count) }
        var registers = [UInt8](repeating: 0, count: 256)
        registers.replaceSubrange(0x88..<0xFF, with: bytes)
        let dump = BME280RegisterDump(registers: registers)
        do {
            let chip = try dump.chip()
            let raw = try dump.raw()
            let result = try dump.compensated()
            return Reading(
                values: SensorValues(
                    temperature: result.temperature,
                    humidity: chip.measuresHumidity ? result.humidity : nil,
                    pressure: result.pressure),
                raw: [raw.temperature, raw.pressure] + (raw.humidity.map { [$0] } ?? []))
        } catch {
            throw .registers(error)
        }
    }
}
