import FoundationEssentials

/// A JSON value built by hand, encoded with sorted keys so that payloads are byte-for-byte
/// stable (golden tests, and Home Assistant sees no change when nothing changed).
public enum JSONValue: Sendable, Hashable, Encodable {
    /// A string.
    case string(String)
    /// A number.
    case number(Double)
    /// An integer.
    case integer(Int)
    /// true or false.
    case bool(Bool)
    /// null.
    case null
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Encodes the value.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }

    /// The UTF-8 JSON text, keys sorted, no spaces.
    public var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these cases cannot fail: no non-finite numbers are built (`number(_:)`).
        return (try? encoder.encode(self)).map(Array.init) ?? Array("null".utf8)
    }

    /// A number rounded to `digits` decimals, or null when it is not finite.
    public static func number(_ value: Double?, digits: Int) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return .number((value * scale).rounded() / scale)
    }
}
