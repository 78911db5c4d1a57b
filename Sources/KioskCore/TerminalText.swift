/// Text for a terminal with its control characters made visible.
///
/// Names come from the config and from Open-Meteo's geocoding; an escape character in one
/// would otherwise reach the terminal and could move the cursor, recolour or clear it, and
/// a bidirectional override (U+202E) would show the rest of the line reversed.
public enum TerminalText {
    /// `text` with every control character except newline and tab (C0, DEL and C1) written
    /// as `\x1B`-style escapes, and the bidirectional controls and line and paragraph
    /// separators as `\u{202E}`-style ones.
    public static func escaped(_ text: String) -> String {
        escaping(text) { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            default: isControl(scalar)
            }
        }
    }

    /// `text` as one line: like `escaped`, with newlines and tabs escaped too. For text
    /// from elsewhere that a sentence or a table cell holds, such as a place's name from
    /// the geocoding server: a line break in it would start a line of its own.
    public static func oneLine(_ text: String) -> String {
        escaping(text, isControl)
    }

    private static func escaping(_ text: String, _ escapes: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if escapes(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result +=
                    scalar.value <= 0xFF
                    ? "\\x" + (hex.count == 1 ? "0" + hex : hex) : "\\u{\(hex)}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Arabic letter mark, left-to-right and right-to-left marks, the embeddings,
        // overrides and isolates, and the line and paragraph separators.
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
