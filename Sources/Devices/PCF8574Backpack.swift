import KioskCore

/// The nibble stream an HD44780 takes through a PCF8574 backpack, as the expander's port
/// bytes: each nibble is put on D4–D7 with E high, then E falls and the controller takes it.
///
/// Bytes are collected and sent in few transfers: a PCF8574 takes every byte of a write
/// as the next state of its pins, so one SMBus block write of up to 33 bytes carries seven
/// or eight characters. A transfer never ends inside an instruction, so a transfer that is
/// lost leaves E low and the controller between two bytes. Between two falling edges of E lie at least two bytes on the bus, 45 µs at
/// 400 kHz (180 µs at the Pi's usual 100 kHz): longer than the 37 µs an ordinary
/// instruction takes. The longer waits (power-on, function set, clear) are explicit sleeps.
struct PCF8574Backpack {
    /// The pins of each signal.
    let pinMap: BackpackPinMap
    /// The backlight's state, carried in every byte.
    var backlight = true
    /// Bytes not sent yet, one array per instruction (or lone nibble).
    private(set) var pending: [[UInt8]] = []
    private var current: [UInt8] = []
    /// The last byte queued or sent: the pins' state.
    private(set) var port: UInt8?

    init(pinMap: BackpackPinMap) { self.pinMap = pinMap }

    private func bit(_ pin: Int) -> UInt8 { 1 << UInt8(pin) }

    /// The port byte with `nibble` on D4–D7, RS for data, E as given, RW low.
    func portByte(nibble: UInt8, data: Bool, enable: Bool) -> UInt8 {
        var byte: UInt8 = 0
        for (index, pin) in pinMap.data.enumerated() where nibble & (1 << UInt8(index)) != 0 {
            byte |= bit(pin)
        }
        if data { byte |= bit(pinMap.registerSelect) }
        if enable { byte |= bit(pinMap.enable) }
        if backlight { byte |= bit(pinMap.backlight) }
        return byte
    }

    /// Queues one nibble on its own (the reset sequence's 0x3 and 0x2).
    mutating func queueNibble(_ nibble: UInt8, data: Bool) {
        nibbleBytes(nibble, data: data)
        finishUnit()
    }

    /// RS settles first when it changes (the setup time before E rises), then E high and
    /// E low with the data unchanged.
    private mutating func nibbleBytes(_ nibble: UInt8, data: Bool) {
        let low = portByte(nibble: nibble & 0x0F, data: data, enable: false)
        let registerSelect = bit(pinMap.registerSelect)
        if port.map({ $0 & registerSelect != low & registerSelect }) ?? true {
            queue(low)
        }
        queue(portByte(nibble: nibble & 0x0F, data: data, enable: true))
        queue(low)
    }

    /// Queues a whole instruction (`data` false) or character (`data` true), high nibble
    /// first.
    mutating func queueByte(_ value: UInt8, data: Bool) {
        nibbleBytes(value >> 4, data: data)
        nibbleBytes(value & 0x0F, data: data)
        finishUnit()
    }

    /// Queues the pins as they are, with the backlight as set now and E low: how a
    /// backlight change reaches the pins.
    mutating func queueIdle() {
        let data = port.map { $0 & bit(pinMap.registerSelect) != 0 } ?? false
        queue(portByte(nibble: 0, data: data, enable: false))
        finishUnit()
    }

    private mutating func queue(_ byte: UInt8) {
        current.append(byte)
        port = byte
    }

    private mutating func finishUnit() {
        pending.append(current)
        current.removeAll(keepingCapacity: true)
    }

    /// How many bytes are queued.
    var pendingCount: Int { pending.reduce(0) { $0 + $1.count } }

    /// Takes the queued instructions out, to be sent with `send(_:to:)`.
    mutating func takePending() -> [[UInt8]] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    /// Sends the instructions' port bytes in as few transfers as the SMBus block limit
    /// allows, never splitting one: the first byte of each transfer goes where a register
    /// would, which a PCF8574 takes like any other.
    /// - Throws: the bus's error; what was not sent is lost.
    static func send(_ units: [[UInt8]], to device: any I2CDevice) async throws {
        var transfer: [UInt8] = []
        func flush() async throws {
            guard let first = transfer.first else { return }
            if transfer.count == 1 {
                try await device.send(first)
            } else {
                try await device.write(register: first, bytes: Array(transfer.dropFirst()))
            }
            transfer.removeAll(keepingCapacity: true)
        }
        for unit in units {
            if transfer.count + unit.count > 1 + I2CTransfer.blockLimit { try await flush() }
            transfer += unit
        }
        try await flush()
    }

    /// Forgets the pins' state (after a failure nobody knows what reached them).
    mutating func forgetPort() {
        pending.removeAll()
        current.removeAll()
        port = nil
    }
}
