public import KioskCore

/// One `struct input_event` as the kernel writes it.
public struct InputEvent: Sendable, Hashable {
    /// Event types (linux/input-event-codes.h).
    public static let synchronization: UInt16 = 0x00  // EV_SYN
    /// EV_KEY.
    public static let key: UInt16 = 0x01
    /// SYN_REPORT: the end of one batch of events.
    public static let report: UInt16 = 0
    /// SYN_DROPPED: the kernel's buffer overflowed and events were lost.
    public static let dropped: UInt16 = 3

    /// The timestamp, as the kernel stamped it.
    public var time: MonotonicInstant
    /// EV_SYN, EV_KEY, …
    public var type: UInt16
    /// KEY_RIGHT, SYN_REPORT, …
    public var code: UInt16
    /// For keys: 1 pressed, 0 released, 2 autorepeat.
    public var value: Int32

    /// Creates an event.
    public init(time: MonotonicInstant, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// The 24 bytes of this event as a 64-bit kernel writes it: a 16-byte timeval (seconds
    /// and microseconds, 64-bit each), type u16, code u16, value s32, little-endian.
    public var bytes: [UInt8] {
        let microseconds = time.nanoseconds / 1000
        var result: [UInt8] = []
        result += littleEndian(UInt64(bitPattern: microseconds / 1_000_000), 8)
        result += littleEndian(UInt64(bitPattern: microseconds % 1_000_000), 8)
        result += littleEndian(UInt64(type), 2)
        result += littleEndian(UInt64(code), 2)
        result += littleEndian(UInt64(UInt32(bitPattern: value)), 4)
        return result
    }
}

private func littleEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

/// Splits the byte stream of an input device into `InputEvent`s. Reads may end inside an
/// event (a pipe, a replayed file): the rest waits for the next bytes.
public struct InputEventDecoder: Sendable {
    /// Bytes per event: 24 on 64-bit Linux.
    public static let eventSize = 24
    private var pending: [UInt8] = []

    /// Creates a decoder.
    public init() {}

    /// The whole events in `bytes` (plus what was left over before).
    public mutating func decode(_ bytes: some Collection<UInt8>) -> [InputEvent] {
        pending += bytes
        let whole = pending.count / Self.eventSize * Self.eventSize
        var events: [InputEvent] = []
        var offset = 0
        while offset < whole {
            func field(_ start: Int, _ count: Int) -> UInt64 {
                (0..<count).reduce(UInt64(0)) {
                    $0 | UInt64(pending[offset + start + $1]) << (8 * $1)
                }
            }
            let seconds = Int64(bitPattern: field(0, 8))
            let microseconds = Int64(bitPattern: field(8, 8))
            let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            events.append(
                InputEvent(
                    time: MonotonicInstant(
                        nanoseconds: overflow ? 0 : scaled &+ microseconds &* 1000),
                    type: UInt16(field(16, 2)), code: UInt16(field(18, 2)),
                    value: Int32(bitPattern: UInt32(field(20, 4)))))
            offset += Self.eventSize
        }
        pending.removeFirst(whole)
        return events
    }

    /// Bytes of an incomplete event waiting for the rest.
    public var leftover: Int { pending.count }
}

/// Turns key events into button edges: presses and releases of the mapped keys; autorepeat
/// (value 2) only confirms a key is still down. After SYN_DROPPED everything up to the next
/// SYN_REPORT is unreliable and skipped; the caller then reads the keys' real state
/// (EVIOCGKEY) and passes it to `resynchronize`.
public struct EvdevKeyTracker: Sendable {
    /// What one event means.
    public enum Outcome: Sendable, Hashable {
        /// A button went down or up.
        case edge(ButtonEdge)
        /// Events were lost: read the key state and call `resynchronize`.
        case needsResynchronization
    }

    /// Key code → button.
    public let buttons: [Int: ButtonName]
    private var held: Set<Int> = []
    private var dropping = false

    /// Creates a tracker for the buttons' key codes (0 = no key).
    public init(keys: [ButtonName: Int]) {
        var buttons: [Int: ButtonName] = [:]
        for (button, code) in keys where code != 0 { buttons[code] = button }
        self.buttons = buttons
    }

    /// The outcomes of `events`, in order.
    public mutating func handle(_ events: [InputEvent]) -> [Outcome] {
        var outcomes: [Outcome] = []
        for event in events {
            if event.type == InputEvent.synchronization {
                if event.code == InputEvent.dropped {
                    dropping = true
                } else if event.code == InputEvent.report && dropping {
                    dropping = false
                    outcomes.append(.needsResynchronization)
                }
                continue
            }
            guard !dropping, event.type == InputEvent.key, let button = buttons[Int(event.code)]
            else { continue }
            let code = Int(event.code)
            switch event.value {
            case 1 where !held.contains(code), 2 where !held.contains(code):
                // A repeat of a key we never saw go down (we started while it was held).
                held.insert(code)
                outcomes.append(.edge(edge(button, pressed: true, code: code, at: event.time)))
            case 0 where held.contains(code):
                held.remove(code)
                outcomes.append(.edge(edge(button, pressed: false, code: code, at: event.time)))
            default:
                continue  // autorepeat of a held key, or a release we never saw pressed
            }
        }
        return outcomes
    }

    /// Edges that bring the tracked state to `pressedCodes` (the device's real key state),
    /// at `time`. Also used when the device disappears: every held key is released.
    public mutating func resynchronize(pressedCodes: Set<Int>, at time: MonotonicInstant)
        -> [ButtonEdge]
    {
        var edges: [ButtonEdge] = []
        for (code, button) in buttons.sorted(by: { $0.key < $1.key }) {
            let isDown = pressedCodes.contains(code)
            guard isDown != held.contains(code) else { continue }
            if isDown { held.insert(code) } else { held.remove(code) }
            edges.append(edge(button, pressed: isDown, code: code, at: time))
        }
        return edges
    }

    private func edge(_ button: ButtonName, pressed: Bool, code: Int, at time: MonotonicInstant)
        -> ButtonEdge
    {
        ButtonEdge(
            button: button, isPressed: pressed, time: time,
            source: "\(InputKeyCode.name(code)) (\(code))")
    }
}
