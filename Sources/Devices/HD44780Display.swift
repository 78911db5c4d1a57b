public import KioskCore

/// An HD44780 character LCD (16×2, 20×4, 16×4, 40×2) behind a PCF8574 I2C backpack, in
/// 4-bit mode, as a `CharacterDisplay`.
///
/// The first frame, and the first after any failure, sets the controller up with the
/// datasheet's 4-bit sequence (which also works when the controller was left in 4-bit mode
/// half-way through a byte): wait 40 ms, 0x3 three times (4.1 ms, 4.1 ms and 100 µs after
/// them), 0x2, then 0x28 (two lines, 5×8 dots), 0x0C (display on), 0x01 (clear, 2 ms) and
/// 0x06 (cursor moves right). After that only the characters and glyphs that changed go
/// over the bus.
///
/// Power: `dim` turns the backlight off and keeps the text; `off` also turns the display
/// off (its memory keeps the frame, which comes back with `on`).
public actor HD44780Display: CharacterDisplay {
    /// The instructions the driver uses (datasheet table 6).
    private enum Instruction {
        static let clear: UInt8 = 0x01
        static let entryModeIncrement: UInt8 = 0x06
        static let displayOff: UInt8 = 0x08
        static let displayOn: UInt8 = 0x0C
        static let functionSetFourBitTwoLines: UInt8 = 0x28
        static let setCGRAMAddress: UInt8 = 0x40
        static let setDDRAMAddress: UInt8 = 0x80
        /// The high nibble of "function set, 8-bit": the reset and resync nibble.
        static let eightBitNibble: UInt8 = 0x3
        /// The high nibble of "function set, 4-bit".
        static let fourBitNibble: UInt8 = 0x2
    }

    /// The waits of the initialisation, in order: after power-on, after each of the three
    /// 8-bit function sets, and after clear.
    public static let powerOnWait = Duration.milliseconds(40)
    /// After the first and second 0x3.
    public static let functionSetWait = Duration.microseconds(4100)
    /// After the third 0x3.
    public static let lastFunctionSetWait = Duration.microseconds(100)
    /// After clear (the datasheet says 1.52 ms).
    public static let clearWait = Duration.milliseconds(2)

    /// The display's size.
    public nonisolated let size: CharacterGridSize
    /// The backpack's address on the bus.
    public nonisolated let device: any I2CDevice
    /// Which expander pin drives which LCD signal.
    public nonisolated let pinMap: BackpackPinMap
    private let sleep: @Sendable (Duration) async throws -> Void

    private var backpack: PCF8574Backpack
    /// Whether the controller is set up; false at first and after a failure.
    private var ready = false
    /// The codes on screen as far as the driver knows (valid while `ready`).
    private var shown: [UInt8] = []
    /// The CGRAM glyphs as far as the driver knows; nil where unknown.
    private var loadedGlyphs: [CharacterGlyph?] = Array(repeating: nil, count: 8)
    private var power = DisplayPower.on

    /// A driver for the LCD at `device`. Nothing is transferred until the first call.
    /// - Parameters:
    ///   - size: one of `CharacterGridSize.supported`.
    ///   - pinMap: the backpack's wiring; the usual one by default.
    ///   - sleep: waits a duration; `Task.sleep` unless a test gives another.
    public init(
        device: any I2CDevice, size: CharacterGridSize, pinMap: BackpackPinMap = BackpackPinMap(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = {
            try await Task.sleep(for: $0)
        }
    ) {
        self.device = device
        self.size = size
        self.pinMap = pinMap
        self.sleep = sleep
        backpack = PCF8574Backpack(pinMap: pinMap)
    }

    /// The DDRAM address of the first character of `row`: 0x00, 0x40, then the first two
    /// rows' continuations (0x14 and 0x54 on a 20×4, 0x10 and 0x50 on a 16×4).
    public nonisolated func rowAddress(_ row: Int) -> UInt8 {
        let base: UInt8 = row % 2 == 0 ? 0x00 : 0x40
        return base + (row >= 2 ? UInt8(size.columns) : 0)
    }

    /// Puts `frame` on the LCD: the glyphs that changed into CGRAM, the characters that
    /// changed into DDRAM.
    /// - Throws: `SmallDisplayError` when a transfer fails; the next call sets the
    ///   controller up again and rewrites the whole frame.
    public func show(_ frame: CharacterFrame) async throws {
        try await guarded {
            try await prepare()
            let fitted = fit(frame)
            try await loadGlyphs(fitted.glyphs)
            try await writeChanges(fitted.codes)
            try await flush()
        }
    }

    /// Sets the backlight and the display: `on` both on, `dim` the backlight off, `off`
    /// both off.
    /// - Throws: `SmallDisplayError` when a transfer fails.
    public func setPower(_ power: DisplayPower) async throws {
        self.power = power
        try await guarded {
            try await prepare()
            try await applyPower()
            try await flush()
        }
    }

    // MARK: Setting up

    private func prepare() async throws {
        guard !ready else { return }
        backpack.forgetPort()
        backpack.backlight = power == .on
        try await sleep(Self.powerOnWait)
        // Three 8-bit function sets bring the controller into 8-bit mode from any state.
        let waits = [Self.functionSetWait, Self.functionSetWait, Self.lastFunctionSetWait]
        for wait in waits {
            backpack.queueNibble(Instruction.eightBitNibble, data: false)
            try await flush()
            try await sleep(wait)
        }
        backpack.queueNibble(Instruction.fourBitNibble, data: false)
        backpack.queueByte(Instruction.functionSetFourBitTwoLines, data: false)
        backpack.queueByte(Instruction.displayOn, data: false)
        backpack.queueByte(Instruction.clear, data: false)
        try await flush()
        try await sleep(Self.clearWait)
        backpack.queueByte(Instruction.entryModeIncrement, data: false)
        shown = Array(repeating: 0x20, count: size.count)
        loadedGlyphs = Array(repeating: nil, count: 8)
        ready = true
        if power != .on { try await applyPower() }
    }

    private func applyPower() async throws {
        backpack.backlight = power == .on
        backpack.queueByte(
            power == .off ? Instruction.displayOff : Instruction.displayOn, data: false)
    }

    // MARK: Writing

    /// The frame at this display's size: cropped, or padded with spaces.
    private func fit(_ frame: CharacterFrame) -> CharacterFrame {
        if frame.size == size { return frame }
        var fitted = CharacterFrame(size: size)
        fitted.glyphs = frame.glyphs
        for row in 0..<min(size.rows, frame.size.rows) {
            fitted.write(Array(frame.row(row)), row: row)
        }
        return fitted
    }

    private func loadGlyphs(_ glyphs: [CharacterGlyph]) async throws {
        var slot = 0
        while slot < glyphs.count {
            guard loadedGlyphs[slot] != glyphs[slot] else {
                slot += 1
                continue
            }
            // Consecutive changed slots go in one run: the address counter moves on by itself.
            backpack.queueByte(Instruction.setCGRAMAddress | UInt8(slot * 8), data: false)
            while slot < glyphs.count && loadedGlyphs[slot] != glyphs[slot] {
                for row in glyphs[slot].rows { backpack.queueByte(row, data: true) }
                loadedGlyphs[slot] = glyphs[slot]
                slot += 1
            }
        }
    }

    /// Writes the runs of changed characters, each after one "set DDRAM address"; runs one
    /// unchanged character apart are joined (rewriting it costs what a new address costs).
    private func writeChanges(_ codes: [UInt8]) async throws {
        for row in 0..<size.rows {
            let start = row * size.columns
            var column = 0
            while column < size.columns {
                guard codes[start + column] != shown[start + column] else {
                    column += 1
                    continue
                }
                var end = column + 1
                while end < size.columns {
                    if codes[start + end] != shown[start + end] {
                        end += 1
                    } else if end + 1 < size.columns
                        && codes[start + end + 1] != shown[start + end + 1]
                    {
                        end += 2
                    } else {
                        break
                    }
                }
                backpack.queueByte(
                    Instruction.setDDRAMAddress | (rowAddress(row) + UInt8(column)), data: false)
                for index in column..<end {
                    backpack.queueByte(codes[start + index], data: true)
                    shown[start + index] = codes[start + index]
                }
                if backpack.pendingCount > 256 { try await flush() }
                column = end
            }
        }
    }

    /// Sends what the backpack has queued.
    private func flush() async throws {
        try await PCF8574Backpack.send(backpack.takePending(), to: device)
    }

    /// Runs `body`; after a failure the controller counts as not set up, so the next call
    /// starts over, and the failure becomes a `SmallDisplayError`.
    private func guarded(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as CancellationError {
            ready = false
            throw error
        } catch {
            ready = false
            backpack.forgetPort()
            throw SmallDisplayError(
                display: "HD44780 LCD", location: device.location, cause: "\(error)")
        }
    }
}
