import KioskCore

/// The OLED controllers the kiosk drives, and what differs between them.
public enum OLEDController: String, Sendable, Hashable, CaseIterable {
    /// Solomon Systech SSD1306: 128 columns of RAM, horizontal addressing with a window.
    case ssd1306
    /// Sino Wealth SH1106: 132 columns of RAM of which a 128-pixel panel shows columns
    /// 2…129; page addressing only.
    case sh1106

    /// "SSD1306 OLED".
    public var displayName: String { rawValue.uppercased() + " OLED" }

    /// The RAM column of the panel's first pixel.
    public var columnOffset: Int { self == .sh1106 ? 2 : 0 }

    /// The commands that set the controller up for a panel `height` pixels tall, ending
    /// with the display on: the SSD1306's sequence in docs/hardware-and-services.md; the
    /// SH1106 takes its DC-DC converter command instead of the charge pump and has no
    /// addressing modes.
    public func initialisation(height: Int) -> [UInt8] {
        let multiplex = UInt8(height - 1)
        let comPins: UInt8 = height == 32 ? 0x02 : 0x12
        switch self {
        case .ssd1306:
            return [
                0xAE, 0xD5, 0x80, 0xA8, multiplex, 0xD3, 0x00, 0x40, 0x8D, 0x14, 0x20, 0x00,
                0xA1, 0xC8, 0xDA, comPins, 0xD9, 0xF1, 0xDB, 0x40, 0xA4, 0xA6, 0x81, 0xCF, 0xAF,
            ]
        case .sh1106:
            return [
                0xAE, 0xD5, 0x80, 0xA8, multiplex, 0xD3, 0x00, 0x40, 0xAD, 0x8B, 0xA1, 0xC8,
                0xDA, comPins, 0xD9, 0x22, 0xDB, 0x35, 0xA4, 0xA6, 0x81, 0xCF, 0xAF,
            ]
        }
    }

    /// The commands that make the next data bytes land on `page` from panel column
    /// `column` on, ending at column `last`.
    func address(page: Int, column: Int, last: Int) -> [UInt8] {
        switch self {
        case .ssd1306:
            return [0x21, UInt8(column), UInt8(last), 0x22, UInt8(page), UInt8(page)]
        case .sh1106:
            let ram = column + columnOffset
            return [0xB0 | UInt8(page), 0x00 | UInt8(ram & 0x0F), 0x10 | UInt8(ram >> 4)]
        }
    }
}

/// One transfer to an OLED: the control byte (0x00 commands follow, 0x40 data follow) and
/// up to 32 bytes.
struct OLEDTransfer: Sendable, Hashable {
    static let commands: UInt8 = 0x00
    static let data: UInt8 = 0x40

    var control: UInt8
    var bytes: [UInt8]
}

/// What an OLED driver sends, decided without I/O: the set-up sequence, the pages (column
/// spans) that changed since the last frame, and the power commands. The actor that owns it
/// sends the transfers and calls `forget()` when one fails.
struct OLEDPlanner: Sendable {
    /// Contrast for `on` and for `dim`.
    static let normalContrast: UInt8 = 0xCF
    static let dimContrast: UInt8 = 0x01

    let controller: OLEDController
    let size: PixelSize
    /// Whether the controller is set up.
    private(set) var ready = false
    /// The bitmap in the controller's RAM as far as the planner knows; nil when unknown.
    private var shown: MonochromeBitmap?
    private(set) var power = DisplayPower.on

    init(controller: OLEDController, size: PixelSize) {
        self.controller = controller
        self.size = size
    }

    /// After a failed transfer nothing about the controller is known: set it up again.
    mutating func forget() {
        ready = false
        shown = nil
    }

    /// The set-up sequence without its last three commands (contrast and display on), when
    /// the controller is not set up yet; empty when it is. The picture goes into RAM next,
    /// and `powerTransfers()` turns the panel on after it, so it never shows what the RAM
    /// held before.
    mutating func prepare() -> [OLEDTransfer] {
        guard !ready else { return [] }
        ready = true
        shown = nil
        let commands = controller.initialisation(height: size.height).dropLast(3)
        return Self.split(Array(commands), control: OLEDTransfer.commands)
    }

    /// The transfers that change the RAM from what it holds to `bitmap` (at the panel's
    /// size): for every page that differs, its span from the first to the last changed
    /// column.
    mutating func frame(_ bitmap: MonochromeBitmap) -> [OLEDTransfer] {
        let bitmap = bitmap.fitted(to: size)
        var transfers: [OLEDTransfer] = []
        for page in 0..<bitmap.pageCount {
            let new = bitmap.page(page)
            var first = 0
            var last = size.width - 1
            if let shown {
                let old = shown.page(page)
                let changed = zip(new.indices, old.indices).filter { new[$0] != old[$1] }
                    .map { $0.0 - new.startIndex }
                guard let low = changed.first, let high = changed.last else { continue }
                first = low
                last = high
            }
            transfers += Self.split(
                controller.address(page: page, column: first, last: last),
                control: OLEDTransfer.commands)
            let span = Array(new[(new.startIndex + first)...(new.startIndex + last)])
            transfers += Self.split(span, control: OLEDTransfer.data)
        }
        shown = bitmap
        return transfers
    }

    /// The transfers that set `power`; none while the controller is not set up (the set-up
    /// applies it).
    mutating func setPower(_ power: DisplayPower) -> [OLEDTransfer] {
        self.power = power
        guard ready else { return [] }
        return powerTransfers()
    }

    /// The transfers that apply the current power: contrast and display on, or off.
    func powerTransfers() -> [OLEDTransfer] {
        Self.split(powerCommands(power), control: OLEDTransfer.commands)
    }

    private func powerCommands(_ power: DisplayPower) -> [UInt8] {
        switch power {
        case .on: [0x81, Self.normalContrast, 0xAF]
        case .dim: [0x81, Self.dimContrast, 0xAF]
        case .off: [0xAE]
        }
    }

    /// `bytes` in transfers of at most 32 after the control byte. Command sequences are
    /// shorter than that, so no command is split from its parameters.
    static func split(_ bytes: [UInt8], control: UInt8) -> [OLEDTransfer] {
        stride(from: 0, to: bytes.count, by: I2CTransfer.blockLimit).map { start in
            OLEDTransfer(
                control: control,
                bytes: Array(bytes[start..<min(bytes.count, start + I2CTransfer.blockLimit)]))
        }
    }
}

/// An OLED driver's state without the actor: the planner, the burn-in shift and the last
/// picture, turning pictures and power changes into transfers.
struct OLEDEngine: Sendable {
    private var planner: OLEDPlanner
    private let burnInShift: BurnInShift?
    private let elapsed: @Sendable () -> Duration
    /// The last picture asked for, before the shift: rewritten after a failure.
    private var lastBitmap: MonochromeBitmap?

    init(
        controller: OLEDController, size: PixelSize, burnInShift: BurnInShift?,
        elapsed: (@Sendable () -> Duration)?
    ) {
        planner = OLEDPlanner(controller: controller, size: size)
        self.burnInShift = burnInShift
        if let elapsed {
            self.elapsed = elapsed
        } else {
            let start = ContinuousClock.now
            self.elapsed = { ContinuousClock.now - start }
        }
    }

    /// "SSD1306 OLED", for messages.
    var label: String { planner.controller.displayName }

    /// The transfers that put `bitmap` on the panel: the set-up first when needed, then the
    /// changed pages, then (after a set-up) the power state.
    mutating func plan(_ bitmap: MonochromeBitmap) -> [OLEDTransfer] {
        lastBitmap = bitmap
        let setUp = planner.prepare()
        var transfers = setUp + planner.frame(shifted(bitmap))
        if !setUp.isEmpty { transfers += planner.powerTransfers() }
        return transfers
    }

    /// The transfers that set `power`; when the controller needs setting up, the last
    /// picture (or a dark one) is written before the panel is turned on.
    mutating func plan(_ power: DisplayPower) -> [OLEDTransfer] {
        let setUp = planner.prepare()
        let powerTransfers = planner.setPower(power)
        guard !setUp.isEmpty else { return powerTransfers }
        let picture =
            lastBitmap ?? MonochromeBitmap(width: planner.size.width, height: planner.size.height)
        return setUp + planner.frame(shifted(picture)) + powerTransfers
    }

    /// After a failed transfer: set the controller up again next time.
    mutating func forget() { planner.forget() }

    private func shifted(_ bitmap: MonochromeBitmap) -> MonochromeBitmap {
        let fitted = bitmap.fitted(to: planner.size)
        guard let burnInShift else { return fitted }
        let offset = burnInShift.offset(after: elapsed())
        return fitted.shifted(x: offset.x, y: offset.y)
    }

    /// Sends transfers in order.
    /// - Throws: the bus's error at the first transfer that fails.
    static func send(_ transfers: [OLEDTransfer], to device: any I2CDevice) async throws {
        for transfer in transfers {
            try await device.write(register: transfer.control, bytes: transfer.bytes)
        }
    }
}
