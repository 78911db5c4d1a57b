/// The Dallas/Maxim 1-Wire CRC-8 (DS18B20 datasheet, "CRC generation"): polynomial
/// x⁸ + x⁵ + x⁴ + 1, shifted least significant bit first (0x8C reflected), initial value 0.
/// Byte 8 of a DS18B20's scratchpad is the CRC of bytes 0…7.
public enum DallasCRC {
    /// The CRC of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt8 {
        var crc: UInt8 = 0
        for byte in bytes {
            var value = byte
            for _ in 0..<8 {
                let mix = (crc ^ value) & 0x01
                crc >>= 1
                if mix != 0 { crc ^= 0x8C }
                value >>= 1
            }
        }
        return crc
    }
}

/// The text of the kernel's w1-therm files (drivers/w1/slaves/w1_therm.c): `w1_slave`,
/// two lines
///
///     72 01 4b 46 7f ff 0e 10 57 : crc=57 YES
///     72 01 4b 46 7f ff 0e 10 57 t=23125
///
/// (the scratchpad read now with the kernel's CRC and verdict; then the last scratchpad
/// that passed, and this read's temperature in millidegrees Celsius), and `temperature`,
/// one line of millidegrees. Both are empty when the kernel could not read the device.
public enum W1ThermText {
    /// What `w1_slave` says.
    public struct Slave: Sendable, Hashable {
        /// The nine scratchpad bytes read now.
        public var scratchpad: [UInt8]
        /// The CRC the kernel computed over bytes 0…7.
        public var crc: UInt8
        /// The kernel's verdict: whether that CRC equals byte 8.
        public var crcValid: Bool
        /// The temperature the kernel derived from this read's scratchpad, m°C.
        public var millidegrees: Int
    }

    /// Why a text is not what the kernel writes; one clause without the file name.
    public enum Problem: Error, Sendable, Hashable {
        /// The file was empty: the kernel's way of saying the read failed.
        case empty
        /// The text is not in the kernel's format; the offending line.
        case malformed(String)
    }

    /// Parses `w1_slave`.
    /// - Throws: `Problem.empty` for an empty file, `.malformed` for anything else that is
    ///   not two lines in the kernel's format.
    public static func slave(_ text: String) throws(Problem) -> Slave {
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.allSatisfy(\.isWhitespace) }
        guard let first = lines.first else { throw .empty }
        guard lines.count >= 2 else { throw .malformed(first) }
        let head = first.split(separator: ":", maxSplits: 1)
        guard head.count == 2, let bytes = hexBytes(head[0]), bytes.count == 9 else {
            throw .malformed(first)
        }
        let verdict = head[1].split(separator: " ", omittingEmptySubsequences: true)
        guard verdict.count == 2, verdict[0].hasPrefix("crc="),
            let crc = UInt8(verdict[0].dropFirst(4), radix: 16),
            verdict[1] == "YES" || verdict[1] == "NO"
        else { throw .malformed(first) }
        let second = lines[1]
        let tokens = second.split(separator: " ", omittingEmptySubsequences: true)
        guard let last = tokens.last, last.hasPrefix("t="),
            let millidegrees = Int(last.dropFirst(2))
        else { throw .malformed(second) }
        return Slave(
            scratchpad: bytes, crc: crc, crcValid: verdict[1] == "YES",
            millidegrees: millidegrees)
    }

    /// Parses `temperature`: m°C.
    /// - Throws: `Problem.empty` for an empty file, `.malformed` for anything but an integer.
    public static func temperature(_ text: String) throws(Problem) -> Int {
        let trimmed = Substring(text).trimmingSpaces
        guard !trimmed.isEmpty else { throw .empty }
        guard let value = Int(trimmed) else { throw .malformed(String(trimmed)) }
        return value
    }

    /// The `w1_slave` text the kernel writes for a DS18B20 that returned `scratchpad`, the
    /// last good one being `lastGood` (the same one when this read passed its CRC).
    public static func renderSlave(scratchpad: [UInt8], lastGood: [UInt8]? = nil) -> String {
        precondition(scratchpad.count == 9)
        let crc = DallasCRC.checksum(scratchpad[0..<8])
        let valid = crc == scratchpad[8]
        func hex(_ bytes: [UInt8]) -> String {
            bytes.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
                .joined(separator: " ")
        }
        let kept = valid ? scratchpad : (lastGood ?? [UInt8](repeating: 0, count: 9))
        let crcText = crc < 16 ? "0" + String(crc, radix: 16) : String(crc, radix: 16)
        return "\(hex(scratchpad)) : crc=\(crcText) \(valid ? "YES" : "NO")\n"
            + "\(hex(kept)) t=\(millidegrees(scratchpad: scratchpad))\n"
    }

    /// A DS18B20's temperature from its scratchpad, m°C (the kernel's conversion: the
    /// signed 16-bit value in bytes 1 and 0 in sixteenths of a degree, with the bits a
    /// lower resolution leaves undefined cleared).
    public static func millidegrees(scratchpad: [UInt8]) -> Int {
        let raw = Int(Int16(bitPattern: UInt16(scratchpad[1]) << 8 | UInt16(scratchpad[0])))
        // Configuration byte 4, bits 6–5: 9 to 12 bits.
        let resolution = Int(scratchpad[4] >> 5 & 0x03) + 9
        let masked = raw & ~((1 << (12 - resolution)) - 1)
        return masked * 1000 / 16
    }

    /// A DS18B20 scratchpad holding `temperature` °C at 12 bits, with the datasheet's
    /// alarm defaults, configuration 0x7F and a valid CRC.
    public static func scratchpad(celsius: Double) -> [UInt8] {
        let raw = UInt16(bitPattern: Int16(max(-55, min(125, celsius)) * 16))
        var bytes: [UInt8] = [
            UInt8(raw & 0xFF), UInt8(raw >> 8), 0x4B, 0x46, 0x7F, 0xFF,
            0x10 &- UInt8(raw & 0x0F), 0x10,
        ]
        bytes.append(DallasCRC.checksum(bytes))
        return bytes
    }

    /// The scratchpad right after power-on: +85 °C (0x0550), the reset value.
    public static let powerOnScratchpad: [UInt8] = {
        let bytes: [UInt8] = [0x50, 0x05, 0x4B, 0x46, 0x7F, 0xFF, 0x0C, 0x10]
        return bytes + [DallasCRC.checksum(bytes)]
    }()

    private static func hexBytes(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        for token in text.split(separator: " ", omittingEmptySubsequences: true) {
            guard token.count == 2, let byte = UInt8(token, radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}

extension Substring {
    /// Without leading and trailing spaces, tabs and line ends.
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
