public import KioskCore

/// The identity EEPROM on a Pimoroni Inky board (a 24LC32 at 0x50 on the Pi's I2C bus):
/// 29 bytes, width and height (little-endian 16-bit), colour, PCB variant, display
/// variant, and the time it was written (a length-prefixed string).
public struct InkyEEPROM: Sendable, Hashable, CustomStringConvertible {
    /// The EEPROM's address.
    public static let address: UInt8 = 0x50
    /// How many bytes the identity takes.
    public static let length = 29

    /// Width in pixels, as stored.
    public var width: Int
    /// Height in pixels, as stored.
    public var height: Int
    /// The colour code: 1 black, 2 red, 3 yellow, 5 seven colours, 6 Spectra 6.
    public var colour: UInt8
    /// The PCB revision times ten (12 = 1.2).
    public var pcbVariant: UInt8
    /// The display variant, which names the panel and its controller.
    public var displayVariant: UInt8
    /// When the EEPROM was written, as Pimoroni's tool wrote it.
    public var writtenAt: String

    /// Decodes the 29 identity bytes; nil when there are fewer or the size is zero (an
    /// erased EEPROM reads 0xFF or 0x00 throughout).
    public init?(bytes: [UInt8]) {
        guard bytes.count >= Self.length else { return nil }
        width = Int(bytes[0]) | Int(bytes[1]) << 8
        height = Int(bytes[2]) | Int(bytes[3]) << 8
        colour = bytes[4]
        pcbVariant = bytes[5]
        displayVariant = bytes[6]
        let textLength = min(Int(bytes[7]), 21)
        writtenAt = String(decoding: bytes[8..<(8 + textLength)], as: UTF8.self)
        guard width > 0, height > 0, width != 0xFFFF, height != 0xFFFF else { return nil }
    }

    /// The panel this variant is, when we drive it; nil for pHATs, older wHATs and
    /// Spectra 6 panels.
    public var panel: EPaperPanel? {
        switch displayVariant {
        case 14: .inkyImpression57
        case 15, 16: .inkyImpression4
        case 17: .inkyWhatBlack
        case 18: .inkyWhatRed
        case 19: .inkyWhatYellow
        case 20: .inkyImpression73
        default: nil
        }
    }

    /// "600x448, display variant 14, PCB 1.2".
    public var description: String {
        "\(width)x\(height), display variant \(displayVariant), PCB \(pcbVariant / 10).\(pcbVariant % 10)"
    }

    /// Reads the identity from `device` (the EEPROM at 0x50) and names the panel.
    /// - Throws: `EPaperError` naming the bus when nothing answers at 0x50 or the board is
    ///   one we do not drive.
    public static func detect(on device: any I2CDevice) async throws -> (InkyEEPROM, EPaperPanel) {
        let bytes: [UInt8]
        do {
            try await device.write(register: 0x00, bytes: [0x00])  // address 0x0000
            bytes = try await device.read(register: 0x00, count: length)
        } catch {
            throw EPaperError(
                "No Inky EEPROM could be read at \(device.location): "
                    + "\(Sentence.clause(String(describing: error))); with an Inky, check that "
                    + "it sits on all 40 pins, or name the panel in display.kind "
                    + "(inky-impression-5.7, inky-impression-7.3, inky-what-red, …).")
        }
        guard let eeprom = InkyEEPROM(bytes: bytes) else {
            throw EPaperError(
                "The Inky EEPROM at \(device.location) is blank; name the panel in display.kind "
                    + "(inky-impression-5.7, inky-impression-7.3, inky-what-red, …).")
        }
        guard let panel = eeprom.panel else {
            throw EPaperError(
                "The Inky at \(device.location) is display variant \(eeprom.displayVariant) "
                    + "(\(eeprom.width)x\(eeprom.height)), which weather-kiosk does not drive; "
                    + "supported: Impression 4\", 5.7\", 7.3\" and the SSD1683 wHAT.")
        }
        return (eeprom, panel)
    }
}

/// Building the driver for a panel.
public enum EPaperDrivers {
    /// The driver for `panel`'s controller over `spi` and `lines`.
    public static func driver(
        for panel: EPaperPanel, spi: any SPIDevice, lines: any PanelControlLines
    ) -> any EPaperDriver {
        switch panel.controller {
        case .uc8159: UC8159Panel(panel: panel, spi: spi, lines: lines)
        case .ac073tc1a: AC073TC1APanel(panel: panel, spi: spi, lines: lines)
        case .ssd1683: SSD1683Panel(panel: panel, spi: spi, lines: lines)
        case .uc8179: UC8179Panel(panel: panel, spi: spi, lines: lines)
        }
    }
}
