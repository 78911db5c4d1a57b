public import KioskCore
import Synchronization

/// The identity EEPROM of a Pimoroni Inky board, as a chip on a `SimulatedI2CBus` at 0x50:
/// its first 29 bytes say which panel is fitted.
public final class SimulatedInkyEEPROM: SimulatedI2CChip {
    private let memory: Mutex<[UInt8]>

    /// An EEPROM holding the identity of `panel` (display variant and colour as the
    /// factory writes them).
    public init(panel: EPaperPanel) {
        let (variant, colour): (UInt8, UInt8) =
            switch panel.kind {
            case "inky-impression-4": (16, 5)
            case "inky-impression-7.3": (20, 5)
            case "inky-what-black": (17, 1)
            case "inky-what-red": (18, 2)
            case "inky-what-yellow": (19, 3)
            default: (14, 5)
            }
        let bytes = InkyEEPROMImage.bytes(
            width: panel.size.width, height: panel.size.height, colour: colour,
            displayVariant: variant)
        memory = Mutex(bytes + Array(repeating: 0xFF, count: 256 - bytes.count))
    }

    /// Returns `count` bytes from `register`.
    public func read(register: UInt8, count: Int, location: String) throws -> [UInt8] {
        memory.withLock { memory in
            (0..<count).map { memory[(Int(register) + $0) % memory.count] }
        }
    }

    /// The EEPROM is write-protected on the board: writes only move the address pointer.
    public func write(register: UInt8, value: UInt8, location: String) throws {}

    /// Write-protected: only the address pointer moves.
    public func write(register: UInt8, bytes: [UInt8], location: String) throws {}
}

/// The 29 identity bytes of an Inky EEPROM (the layout `InkyEEPROM` in Devices decodes).
public enum InkyEEPROMImage {
    /// Width and height (little-endian), colour, PCB variant, display variant, and a
    /// length-prefixed write time, padded with zeros to 29 bytes.
    public static func bytes(
        width: Int, height: Int, colour: UInt8, pcbVariant: UInt8 = 12, displayVariant: UInt8,
        writtenAt: String = "2024-01-01 00:00:00.0"
    ) -> [UInt8] {
        let text = Array(writtenAt.utf8.prefix(21))
        var bytes: [UInt8] = [
            UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8),
            colour, pcbVariant, displayVariant, UInt8(text.count),
        ]
        bytes += text
        return bytes + Array(repeating: 0, count: 29 - bytes.count)
    }
}
