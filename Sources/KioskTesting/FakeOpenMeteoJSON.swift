extension FakeOpenMeteo {
    /// Builds JSON text piece by piece, as the fake answers need exact control over `null`,
    /// key order and number formatting.
    enum JSONText {
        /// A JSON string literal.
        static func string(_ text: String) -> String {
            var escaped = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case "\n": escaped += "\\n"
                case "\r": escaped += "\\r"
                case "\t": escaped += "\\t"
                case let control where control.value < 0x20:
                    let hex = String(control.value, radix: 16)
                    escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return escaped + "\""
        }

        /// A number rounded to `fractionDigits` (as Open-Meteo writes "20.0" or "60"), or
        /// `null`.
        static func number(_ value: Double?, fractionDigits: Int) -> String {
            guard let value, value.isFinite else { return "null" }
            guard fractionDigits > 0 else { return String(Int(value.rounded())) }
            var scale = 1.0
            for _ in 0..<fractionDigits { scale *= 10 }
            let rounded = (value * scale).rounded() / scale
            return (rounded == 0 ? 0 : rounded).description
        }

        /// `{"a":1,"b":2}` from keys and values that are JSON text already.
        static func object(_ members: [(key: String, value: String)]) -> String {
            "{" + members.map { string($0.key) + ":" + $0.value }.joined(separator: ",") + "}"
        }

        /// `[1,2]` from items that are JSON text already.
        static func array(_ items: [String]) -> String {
            "[" + items.joined(separator: ",") + "]"
        }

        /// Open-Meteo's error body.
        static func errorBody(_ reason: String) -> String {
            object([("error", "true"), ("reason", string(reason))])
        }
    }
}
