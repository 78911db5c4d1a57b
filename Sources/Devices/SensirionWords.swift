public import KioskCore

/// Sensirion's CRC-8 on I2C data (SHT3x-DIS datasheet v5, table 20; the same in the SHT4x
/// and SCD4x datasheets): polynomial 0x31 (x⁸ + x⁵ + x⁴ + 1), initial value 0xFF, no
/// reflection, no final XOR. CRC(0xBE 0xEF) = 0x92.
public enum SensirionCRC {
    /// The generator polynomial without its x⁸ term.
    public static let polynomial: UInt8 = 0x31
    /// The register's value before the first byte.
    public static let initialValue: UInt8 = 0xFF

    /// The CRC of `bytes` (a chip protects each 16-bit word: two bytes).
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt8 {
        var crc = initialValue
        for byte in bytes {
            crc ^= byte
            for _ in 0..<8 {
                crc = crc & 0x80 != 0 ? (crc << 1) ^ polynomial : crc << 1
            }
        }
        return crc
    }
}

/// 16-bit words as Sensirion chips send and take them: most significant byte first, each
/// word followed by its CRC byte.
public enum SensirionWords {
    /// A word whose CRC byte does not match its two bytes.
    public struct Mismatch: Error, Sendable, Hashable, CustomStringConvertible {
        /// Which word, from 0.
        public var index: Int
        /// How many words the frame has.
        public var count: Int
        /// The word's two bytes as received.
        public var bytes: [UInt8]
        /// The CRC byte received.
        public var received: UInt8
        /// The CRC those two bytes have.
        public var expected: UInt8

        /// "word 2 of 3 (0x66 0x8e) came with CRC 0x12, but the CRC-8 of those bytes is 0x71".
        public var description: String {
            let hex = bytes.map(I2CAddress.text).joined(separator: " ")
            return
                "word \(index + 1) of \(count) (\(hex)) came with CRC \(I2CAddress.text(received)), but the CRC-8 of those bytes is \(I2CAddress.text(expected))"
        }
    }

    /// The words of `bytes`, every CRC checked.
    /// - Precondition: a multiple of 3 bytes (callers check the length first).
    /// - Throws: `Mismatch` for the first word whose CRC is wrong.
    public static func decode(_ bytes: [UInt8]) throws(Mismatch) -> [UInt16] {
        precondition(bytes.count % 3 == 0)
        let count = bytes.count / 3
        var words: [UInt16] = []
        words.reserveCapacity(count)
        for index in 0..<count {
            let pair = Array(bytes[index * 3..<index * 3 + 2])
            let expected = SensirionCRC.checksum(pair)
            let received = bytes[index * 3 + 2]
            guard received == expected else {
                throw Mismatch(
                    index: index, count: count, bytes: pair, received: received,
                    expected: expected)
            }
            words.append(UInt16(pair[0]) << 8 | UInt16(pair[1]))
        }
        return words
    }

    /// `words` as bytes on the wire, each followed by its CRC.
    public static func encode(_ words: [UInt16]) -> [UInt8] {
        words.flatMap { word -> [UInt8] in
            let pair = [UInt8(word >> 8), UInt8(word & 0xFF)]
            return pair + [SensirionCRC.checksum(pair)]
        }
    }
}

/// The conversions of Sensirion's 16-bit signals (SHT3x-DIS datasheet 4.13, SHT4x datasheet
/// 4.6, SCD4x datasheet 3.6.2): T = −45 + 175·S/(2¹⁶ − 1) °C; RH = 100·S/(2¹⁶ − 1) % (SHT3x,
/// SCD4x) or −6 + 125·S/(2¹⁶ − 1) % (SHT4x, then cropped to 0…100).
public enum SensirionSignal {
    /// The temperature of a raw temperature word.
    public static func temperature(_ word: UInt16) -> Temperature {
        Temperature(celsius: -45 + 175 * Double(word) / 65535)
    }

    /// The %RH of an SHT3x or SCD4x raw humidity word.
    public static func humidity(_ word: UInt16) -> Double {
        100 * Double(word) / 65535
    }

    /// The %RH of an SHT4x raw humidity word, cropped to 0…100 as its datasheet says
    /// (the formula reaches −6 and 119).
    public static func humiditySHT4x(_ word: UInt16) -> Double {
        min(100, max(0, -6 + 125 * Double(word) / 65535))
    }

    /// The temperature word nearest to `temperature` (for simulated chips and tests).
    public static func temperatureWord(_ temperature: Temperature) -> UInt16 {
        word((temperature.celsius + 45) * 65535 / 175)
    }

    /// The SHT3x/SCD4x humidity word nearest to `humidity` %.
    public static func humidityWord(_ humidity: Double) -> UInt16 {
        word(humidity * 65535 / 100)
    }

    /// The SHT4x humidity word nearest to `humidity` %.
    public static func humidityWordSHT4x(_ humidity: Double) -> UInt16 {
        word((humidity + 6) * 65535 / 125)
    }

    private static func word(_ value: Double) -> UInt16 {
        UInt16(min(65535, max(0, value.rounded())))
    }
}

/// One temperature and humidity measurement of an SHT3x or SHT4x.
public struct SHTMeasurement: Sendable, Hashable {
    /// Temperature.
    public var temperature: Temperature
    /// Relative humidity, % (an SHT4x's cropped to 0…100).
    public var humidity: Double
    /// The raw temperature and humidity words.
    public var rawTemperature, rawHumidity: UInt16

    /// The values, for the multi-sensor view.
    public var values: SensorValues {
        SensorValues(temperature: temperature, humidity: humidity)
    }
}
