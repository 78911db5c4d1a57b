import FoundationEssentials
import KioskConfig
import KioskCore

/// Small pieces of JSON output for `--json`.
enum JSONText {
    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A config value as JSON.
    static func value(_ value: ConfigValue) -> String {
        switch value {
        case .string(let text), .dateTime(let text): return quoted(text)
        case .integer(let number): return String(number)
        case .float(let number): return number.isFinite ? String(number) : "null"
        case .boolean(let flag): return flag ? "true" : "false"
        case .array(let items): return "[" + items.map(Self.value).joined(separator: ",") + "]"
        case .table(let members):
            return "{"
                + members.map { quoted($0.key) + ":" + Self.value($0.value) }
                .joined(separator: ",") + "}"
        }
    }

    /// Any Encodable as JSON with sorted keys, for structured output.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
