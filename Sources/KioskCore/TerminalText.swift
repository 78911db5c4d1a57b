/// Text for a terminal with its control characters made visible.
///
/// Names come from the config and from Open-Meteo's geocoding; an escape character in one
/// would otherwise reach the terminal and could move the cursor, recolour or clear it.
public enum TerminalText {
    /// `text` with every control character except newline and tab (C0, DEL and C1) written
    /// as `\x1B`-style escapes.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}
