public import KioskCore

/// The terminal's keys as buttons, for the simulator and for trying the buttons over SSH.
/// A terminal reports key presses, not releases, so a key is a tap (press and release at
/// once) and a held button has keys of its own.
public struct TerminalKeyDecoder: Sendable {
    /// What a key stands for.
    public enum Key: Sendable, Hashable {
        /// A short press of a button.
        case tap(ButtonName)
        /// A press held past the long-press time.
        case hold(ButtonName)
        /// The end of input: q or Ctrl-D.
        case quit
    }

    /// The keys, for a help line.
    public static let help =
        "→ or n: next, ← or p: previous, Enter, space or s: select;"
        + " Shift+→, Shift+←, N, P, S: hold that button; q: quit"

    private var pending: [UInt8] = []
    private var afterCarriageReturn = false

    /// Creates a decoder.
    public init() {}

    /// The keys in `bytes`; an escape sequence cut off at the end waits for the next bytes.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        scanning: while index < pending.count {
            let byte = pending[index]
            let wasCarriageReturn = afterCarriageReturn
            afterCarriageReturn = byte == 0x0D
            switch byte {
            case 0x1B:
                switch escapeSequence(at: index) {
                case .incomplete: break scanning
                case .complete(let length, let key):
                    if let key { keys.append(key) }
                    index += length
                    continue
                }
            case 0x0D, 0x20: keys.append(.tap(.select))
            case 0x0A: if !wasCarriageReturn { keys.append(.tap(.select)) }
            case UInt8(ascii: "n"): keys.append(.tap(.next))
            case UInt8(ascii: "p"): keys.append(.tap(.previous))
            case UInt8(ascii: "s"): keys.append(.tap(.select))
            case UInt8(ascii: "N"): keys.append(.hold(.next))
            case UInt8(ascii: "P"): keys.append(.hold(.previous))
            case UInt8(ascii: "S"): keys.append(.hold(.select))
            case UInt8(ascii: "q"), 0x04: keys.append(.quit)
            default: break
            }
            index += 1
        }
        pending.removeFirst(index)
        return keys
    }

    private enum EscapeScan {
        case incomplete
        case complete(length: Int, key: Key?)
    }

    /// ESC [ C, ESC O C (cursor keys in either mode), ESC [ 1 ; 2 C (with Shift); other
    /// CSI sequences are skipped whole. A lone ESC followed by anything else is dropped.
    private func escapeSequence(at start: Int) -> EscapeScan {
        guard start + 1 < pending.count else { return .incomplete }
        let introducer = pending[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            return .complete(length: 1, key: nil)
        }
        var end = start + 2
        while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return .incomplete }
        let parameters = String(decoding: pending[(start + 2)..<end], as: UTF8.self)
        let shifted = parameters == "1;2"
        guard parameters.isEmpty || shifted else {
            return .complete(length: end - start + 1, key: nil)
        }
        let button: ButtonName? =
            switch pending[end] {
            case UInt8(ascii: "C"): .next
            case UInt8(ascii: "D"): .previous
            default: nil
            }
        return .complete(
            length: end - start + 1, key: button.map { shifted ? .hold($0) : .tap($0) })
    }
}
