/// Reads structured values from a fuzzer's bytes, front to back; past the end every read
/// gives zero, empty or nil, so any input makes a complete value.
public struct FuzzedBytes {
    private let bytes: [UInt8]
    private var offset = 0

    /// A reader over `bytes`.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The unread bytes, all of them; the reader is then at the end.
    public mutating func rest() -> [UInt8] {
        defer { offset = bytes.count }
        return offset < bytes.count ? Array(bytes[offset...]) : []
    }

    /// One byte.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        var value: UInt64 = 0
        for _ in 0..<(span > 256 ? (span > 65536 ? 4 : 2) : 1) {
            value = value << 8 | UInt64(byte())
        }
        return range.lowerBound + Int(value % span)
    }

    /// A boolean.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(in: 0...choices.count - 1)]
    }

    /// Text of up to `maximumBytes` bytes (a length byte, then the bytes, as UTF-8 with
    /// invalid sequences replaced).
    public mutating func text(maximumBytes: Int = 255) -> String {
        let count = min(Int(byte()), maximumBytes, max(0, bytes.count - offset))
        defer { offset += count }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }

    /// A measured value as a page gets it: nil, an ordinary number, or an extreme one
    /// (NaN, ±infinity, ±1e300, −0, the largest and smallest doubles).
    public mutating func double(ordinary range: ClosedRange<Double>) -> Double? {
        let kind = byte()
        switch kind % 8 {
        case 0: return nil
        case 1:
            return pick([
                Double.nan, .infinity, -.infinity, 1e300, -1e300, -0.0, .greatestFiniteMagnitude,
                -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 9.2e18, -9.3e18,
            ])
        default:
            let fraction = Double(int(in: 0...65535)) / 65535
            return range.lowerBound + fraction * (range.upperBound - range.lowerBound)
        }
    }
}
