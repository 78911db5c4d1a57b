public import KioskCore

/// What answers on an I2C bus at the addresses the kiosk's chips use, and what it probably
/// is: for `sensor scan [--bus N]`.
///
/// Each address is first probed without data (an SMBus quick transfer, as `i2cdetect`
/// does). Then only reads and identification commands are sent, and only where the chip
/// that understands them lives: the chip-id register 0xD0 (and variant id 0xF0) at
/// 0x76/0x77 (Bosch), the SHT4x's serial command 0x89 and the SHT3x's status and serial
/// commands 0xF32D/0x3780 at 0x44/0x45 (0x46: SHT4x only), the SCD4x's
/// get_serial_number (idle) or get_data_ready_status (measuring) at 0x62. Displays at
/// 0x27/0x3F and 0x3C/0x3D are named by address alone: nothing is ever written to a chip
/// that has not been identified, and no command changes a chip's state.
public enum I2CScan {
    /// The addresses scanned, in order.
    public static let addresses: [UInt8] = [
        0x27, 0x3C, 0x3D, 0x3F, 0x44, 0x45, 0x46, 0x62, 0x76, 0x77,
    ]

    /// What a device that answered is.
    public enum Identity: Sendable, Hashable {
        /// A BME280 or BMP280, by its chip id.
        case bosch(SensorChip, chipID: UInt8)
        /// A BME680 or BME688, by chip id 0x61 and the variant id.
        case bme680(BME680Variant)
        /// At a Bosch address, a chip id no supported chip has.
        case unknownChipID(UInt8)
        /// An SHT3x: its status register answered with a valid CRC; the serial number when
        /// the chip knows the command.
        case sht3x(serial: UInt32?)
        /// An SHT4x: its serial number answered with valid CRCs.
        case sht4x(serial: UInt32)
        /// An SCD4x: the serial number (idle), or only its data-ready status (measuring
        /// periodically, when it answers nothing else); the variant when it says.
        case scd4x(serial: UInt64?, variant: SCD4x.Variant?, measuring: Bool)
        /// Something answers at a sensor's address, but not as that sensor; why.
        case unidentified(String)
        /// An HD44780 LCD behind a PCF8574 backpack, by address only.
        case characterDisplay
        /// An SSD1306/SH1106 OLED, by address only.
        case oledDisplay
    }

    /// One device that answered.
    public struct Found: Sendable, Hashable {
        /// Its address.
        public var address: UInt8
        /// What it is.
        public var identity: Identity

        /// The `[[sensors]] kind` to configure for it; nil for displays and unknowns.
        public var model: SensorModel? {
            switch identity {
            case .bosch(let chip, _): chip == .bme280 ? .bme280 : .bmp280
            case .bme680: .bme680
            case .sht3x: .sht3x
            case .sht4x: .sht4x
            case .scd4x: .scd4x
            case .unknownChipID, .unidentified, .characterDisplay, .oledDisplay: nil
            }
        }

        /// What it is, in words: "SHT4x, serial 0x0f1d2c3b".
        public var summary: String {
            switch identity {
            case .bosch(let chip, let id):
                return "\(chip.rawValue.uppercased()) (chip id \(I2CAddress.text(id)))"
            case .bme680(let variant):
                return "\(variant.rawValue) (chip id 0x61)"
            case .unknownChipID(let id):
                return
                    "an unknown chip with chip id \(I2CAddress.text(id)) (a BME280 has 0x60, a BMP280 0x58, a BME680 0x61)"
            case .sht3x(let serial):
                return "SHT3x" + (serial.map { ", serial \(hex($0, digits: 8))" } ?? "")
            case .sht4x(let serial):
                return "SHT4x, serial \(hex(serial, digits: 8))"
            case .scd4x(let serial, let variant, let measuring):
                var text = variant?.rawValue ?? "SCD4x"
                if let serial { text += ", serial \(hex(serial, digits: 12))" }
                if measuring { text += ", measuring periodically (its serial is read when idle)" }
                return text
            case .unidentified(let reason):
                return "something that is not a supported sensor: \(reason)"
            case .characterDisplay:
                return "probably a character LCD on a PCF8574 backpack (by address)"
            case .oledDisplay:
                return "probably an SSD1306 or SH1106 OLED (by address)"
            }
        }

        private func hex(_ value: some BinaryInteger, digits: Int) -> String {
            let text = String(value, radix: 16)
            return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
        }
    }

    /// Scans `addresses` of `bus`.
    /// - Parameter sleep: waits a command's execution time; `Task.sleep` unless a test
    ///   gives another.
    /// - Throws: the bus's error when the bus itself cannot be used.
    public static func scan<Bus: I2CBusPort>(
        _ bus: Bus, addresses: [UInt8] = addresses,
        sleep: @escaping @Sendable (Duration) async throws -> Void = {
            try await Task.sleep(for: $0)
        }
    ) async throws -> [Found] {
        var found: [Found] = []
        for address in addresses where try await bus.acknowledges(address) {
            let identity = await identify(bus.device(at: address), sleep: sleep)
            found.append(Found(address: address, identity: identity))
        }
        return found
    }

    /// What the device at a scanned address is.
    static func identify(
        _ device: some I2CMessageDevice, sleep: @escaping @Sendable (Duration) async throws -> Void
    ) async -> Identity {
        switch device.address {
        case 0x27, 0x3F: return .characterDisplay
        case 0x3C, 0x3D: return .oledDisplay
        case 0x76, 0x77: return await bosch(device)
        case 0x62: return await scd4x(SensirionLink(device: device, chip: "SCD4x"), sleep: sleep)
        default: return await sht(device, sleep: sleep)
        }
    }

    private static func bosch(_ device: some I2CMessageDevice) async -> Identity {
        do {
            let id = try await device.read(register: 0xD0, count: 1)[0]
            if id == BME680.chipID {
                let variant = try await device.read(register: 0xF0, count: 1)[0]
                return .bme680(BME680Variant(variantID: variant))
            }
            if let chip = SensorChip(chipID: id) { return .bosch(chip, chipID: id) }
            return .unknownChipID(id)
        } catch {
            return .unidentified("its chip id register 0xd0 could not be read (\(error))")
        }
    }

    private static func sht(
        _ device: some I2CMessageDevice, sleep: @escaping @Sendable (Duration) async throws -> Void
    ) async -> Identity {
        let sht4 = SensirionLink(device: device, chip: "SHT4x")
        var reasons: [String] = []
        do {
            try await sht4.send(byte: 0x89)
            try await sleep(.milliseconds(1))
            let words = try await sht4.readWords(2)
            return .sht4x(serial: UInt32(words[0]) << 16 | UInt32(words[1]))
        } catch {
            reasons.append("no SHT4x serial number (\(error))")
        }
        guard device.address != 0x46 else { return .unidentified(reasons.joined()) }
        let sht3 = SensirionLink(device: device, chip: "SHT3x")
        do {
            try await sleep(.milliseconds(1))
            try await sht3.send(command: 0xF32D)
            try await sleep(.milliseconds(1))
            _ = try await sht3.readWords(1)
        } catch {
            reasons.append("no SHT3x status (\(error))")
            return .unidentified(reasons.joined(separator: "; "))
        }
        // Older SHT3x firmware has no serial-number command: the status proved the chip.
        do {
            try await sleep(.milliseconds(1))
            try await sht3.send(command: 0x3780)
            try await sleep(.milliseconds(1))
            let words = try await sht3.readWords(2)
            return .sht3x(serial: UInt32(words[0]) << 16 | UInt32(words[1]))
        } catch {
            return .sht3x(serial: nil)
        }
    }

    private static func scd4x(
        _ link: SensirionLink, sleep: @escaping @Sendable (Duration) async throws -> Void
    ) async -> Identity {
        do {
            try await link.send(command: 0x3682)  // get_serial_number, idle only
            try await sleep(.milliseconds(1))
            let words = try await link.readWords(3)
            let serial = UInt64(words[0]) << 32 | UInt64(words[1]) << 16 | UInt64(words[2])
            var variant: SCD4x.Variant?
            do {
                try await link.send(command: 0x202F)  // get_sensor_variant, newer firmware
                try await sleep(.milliseconds(1))
                variant = SCD4x.Variant(word: try await link.readWords(1)[0])
            } catch {
                variant = nil
            }
            return .scd4x(serial: serial, variant: variant, measuring: false)
        } catch {
            // Measuring periodically, the chip takes only a few commands: this one among them.
            do {
                try await sleep(.milliseconds(1))
                try await link.send(command: 0xE4B8)  // get_data_ready_status
                try await sleep(.milliseconds(1))
                _ = try await link.readWords(1)
                return .scd4x(serial: nil, variant: nil, measuring: true)
            } catch {
                return .unidentified("no SCD4x serial number or data-ready status (\(error))")
            }
        }
    }
}
