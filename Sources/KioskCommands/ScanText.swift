import Devices
import KioskCore

/// What `sensor scan` prints, in the reader's language; `--json` keeps the English
/// `I2CScan.Found.summary`.
enum ScanText {
    /// "  0x76  BME280 (chip id 0x60)  (kind = "bme280")" for each device on `bus`, under
    /// "On /dev/i2c-1:"; or the sentence that nothing answers at `addresses`.
    static func lines(_ found: [I2CScan.Found], bus: String, addresses: String, language: Language)
        -> [String]
    {
        guard !found.isEmpty else {
            // TRANSLATORS: `sensor scan`; {bus} is a device path such as /dev/i2c-1,
            // {addresses} the I2C addresses tried ("0x23, 0x38, …"); --bus is an option.
            return [
                language.localized(
                    "Nothing answers on {bus} at {addresses}: check the wiring (SDA, SCL, 3.3 V, GND) and that I2C is on, or try another --bus.",
                    ["bus": bus, "addresses": addresses])
            ]
        }
        // TRANSLATORS: `sensor scan`, the heading over the devices found on {bus}.
        let heading = language.localized("On {bus}:", ["bus": bus])
        return [heading]
            + found.map { device in
                var line = "  \(I2CAddress.text(device.address))  "
                line += describe(device.identity, language: language)
                if let model = device.model { line += "  (kind = \"\(model.rawValue)\")" }
                return line
            }
    }

    /// What a device is, in words: "SHT4x, serial 0x0f1d2c3b".
    static func describe(_ identity: I2CScan.Identity, language: Language) -> String {
        switch identity {
        case .bosch(let chip, let id):
            // TRANSLATORS: `sensor scan`: a sensor chip and the id it reports, "BME280 (chip id 0x60)".
            return language.localized(
                "{chip} (chip id {id})",
                ["chip": chip.rawValue.uppercased(), "id": I2CAddress.text(id)])
        case .bme680(let variant):
            return language.localized(
                "{chip} (chip id {id})", ["chip": variant.rawValue, "id": "0x61"])
        case .unknownChipID(let id):
            return language.localized(
                "an unknown chip with chip id {id} (a BME280 has 0x60, a BMP280 0x58, a BME680 0x61)",
                ["id": I2CAddress.text(id)])
        case .sht3x(let serial):
            return "SHT3x" + (serial.map { ", " + Self.serial(hex($0, digits: 8), language) } ?? "")
        case .sht4x(let serial):
            return "SHT4x, " + Self.serial(hex(serial, digits: 8), language)
        case .scd4x(let serial, let variant, let measuring):
            var text = variant?.rawValue ?? "SCD4x"
            if let serial { text += ", " + Self.serial(hex(serial, digits: 12), language) }
            if measuring {
                text +=
                    ", "
                    + language.localized("measuring periodically (its serial is read when idle)")
            }
            return text
        case .unidentified(let reason):
            // TRANSLATORS: `sensor scan`; {reason} is a detail in English.
            return language.localized(
                "something that is not a supported sensor: {reason}", ["reason": reason])
        case .characterDisplay:
            return language.localized("probably a character LCD on a PCF8574 backpack (by address)")
        case .oledDisplay:
            return language.localized("probably an SSD1306 or SH1106 OLED (by address)")
        }
    }

    private static func serial(_ number: String, _ language: Language) -> String {
        // TRANSLATORS: `sensor scan`: a sensor's serial number, in hexadecimal.
        language.localized("serial {number}", ["number": number])
    }

    private static func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
