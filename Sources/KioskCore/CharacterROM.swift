/// The character ROM of HD44780-compatible controllers, code page A00 (the common one):
/// how text becomes character codes and back.
///
/// A00 has ASCII from 0x20 to 0x7D, except that 0x5C is "¥" (not a backslash); 0x7E and
/// 0x7F are arrows. Of the letters beyond ASCII it has lower-case ä (0xE1), ö (0xEF) and
/// ü (0xF5), and the degree sign sits at 0xDF. Everything else is transliterated to ASCII
/// ("São Paulo" → "Sao Paulo", "Москва" → "Moskva").
public enum CharacterROM {
    /// The characters A00 has beyond ASCII, with their codes.
    public static let extraCharacters: [Character: UInt8] = [
        "°": 0xDF, "ä": 0xE1, "ö": 0xEF, "ü": 0xF5,
    ]

    /// ASCII characters A00 draws differently, with the code of a stand-in.
    private static let asciiStandIns: [Character: UInt8] = [
        "\\": 0x2F,  // "/" for the backslash: 0x5C is "¥".
        "~": 0x2D,  // "-" for the tilde: 0x7E is "→".
    ]

    /// The A00 codes of `text`, one per character shown: non-ASCII transliterated, control
    /// characters as spaces, "?" for what has no spelling.
    public static func codes(_ text: String) -> [UInt8] {
        let spelled = Transliteration.ascii(text, keeping: Set(extraCharacters.keys))
        var result: [UInt8] = []
        result.reserveCapacity(spelled.utf8.count)
        for character in spelled {
            if let code = extraCharacters[character] ?? asciiStandIns[character] {
                result.append(code)
            } else if let ascii = character.asciiValue {
                result.append(ascii >= 0x20 && ascii < 0x7F ? ascii : 0x20)
            } else {
                result.append(0x3F)
            }
        }
        return result
    }

    /// The text `codes` show, for messages and tests; the user-defined codes 0…7 become
    /// what `glyph` says (a lozenge by default).
    public static func text(
        _ codes: some Sequence<UInt8>, glyph: (UInt8) -> Character = { _ in "◆" }
    ) -> String {
        var text = ""
        for code in codes {
            switch code {
            case 0x00...0x07: text.append(glyph(code))
            case 0x08...0x0F: text.append(glyph(code - 8))  // CGRAM repeats at 8…15.
            case 0x5C: text.append("¥")
            case 0x7E: text.append("→")
            case 0x7F: text.append("←")
            case 0x20...0x7D: text.append(Character(Unicode.Scalar(code)))
            default:
                if let character = extraCharacters.first(where: { $0.value == code })?.key {
                    text.append(character)
                } else {
                    text.append("?")
                }
            }
        }
        return text
    }
}
