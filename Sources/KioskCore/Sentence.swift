/// Messages built from parts: one full stop at the end, never two.
///
/// A part that is a sentence already ends in ".", "?" or "!"; appending "." to it gave
/// "(byte mode, the default).." and "(/dev/fbN)?.".
public enum Sentence {
    /// `text` with a full stop at its end, unless it already ends a sentence (".", "?", "!").
    public static func ended(_ text: String) -> String {
        endsSentence(text) ? text : text + "."
    }

    /// Whether `text` ends in doubled punctuation: "..", "?.", "!.", ".?" and the like
    /// (an ellipsis "…" is one character and is fine).
    public static func hasDoubledPunctuation(_ text: String) -> Bool {
        let marks: Set<Character> = [".", "?", "!"]
        let trimmed = text.reversed().drop { $0 == " " || $0 == "\n" }
        let last = Array(trimmed.prefix(2))
        return last.count == 2 && marks.contains(last[0]) && marks.contains(last[1])
    }

    /// `sentence` as a clause of a longer one: without its full stop, and with its first
    /// word in lower case unless that word is a name ("I2C", "/dev/i2c-1", "BUSY"):
    /// "Cannot open /dev/i2c-1." becomes "cannot open /dev/i2c-1".
    public static func clause(_ sentence: String) -> String {
        var text = Substring(sentence)
        while text.last == "." { text = text.dropLast() }
        let word = text.prefix { $0 != " " }
        guard let first = word.first, first.isUppercase,
            word.dropFirst().allSatisfy({ $0.isLowercase })
        else { return String(text) }
        return first.lowercased() + text.dropFirst()
    }

    private static func endsSentence(_ text: String) -> Bool {
        guard let last = text.last else { return false }
        return last == "." || last == "?" || last == "!"
    }
}
