/// A shell command broken into lines of a fixed-width font, so that a page shows all of it:
/// words stay whole where they fit a line, and only a word longer than a whole line (a long
/// program path) is shortened, in the middle, keeping its end ("…/debug/weather-kiosk").
struct CommandWrap {
    /// The lines, each at most `columns` characters.
    var lines: [String]
    /// Whether a word had to be shortened.
    var shortened: Bool

    /// `command` in lines of at most `columns` characters (at least 8).
    init(_ command: String, columns: Int) {
        let columns = max(8, columns)
        var lines: [String] = []
        var line = ""
        var shortened = false
        for word in Self.words(command) {
            let room = line.isEmpty ? columns : columns - line.count - 1
            if word.count <= room {
                line += (line.isEmpty ? "" : " ") + word
                continue
            }
            if word.count <= columns {
                lines.append(line)
                line = word
                continue
            }
            // Longer than a line: shortened to the rest of this line when a good part of
            // it is left, else to a line of its own.
            shortened = true
            if room >= columns / 2 {
                line += (line.isEmpty ? "" : " ") + Self.shortenedInTheMiddle(word, to: room)
            } else {
                if !line.isEmpty { lines.append(line) }
                line = Self.shortenedInTheMiddle(word, to: columns)
            }
        }
        if !line.isEmpty { lines.append(line) }
        self.lines = lines
        self.shortened = shortened
    }

    /// The words of `command`: split at spaces, except inside single quotes (a quoted path
    /// with spaces in it stays one word).
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in command {
            if character == "'" { quoted.toggle() }
            if character == " " && !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// `word` in `length` characters with "…" in the middle: its last path components
    /// whole as far as they take no more than about two thirds, the start filling the rest
    /// ("/work/src/…/debug/weather-kiosk").
    static func shortenedInTheMiddle(_ word: String, to length: Int) -> String {
        let characters = Array(word)
        guard characters.count > length else { return word }
        guard length > 1 else { return "…" }
        let budget = length - 1
        var tail = 0
        if let lastSlash = characters.lastIndex(of: "/") {
            // Whole components from the end, each with the "/" before it.
            var start = lastSlash
            while true {
                let candidate = characters.count - start
                guard candidate <= budget * 2 / 3 else { break }
                tail = candidate
                guard let previous = characters[..<start].lastIndex(of: "/") else { break }
                start = previous
            }
        }
        if tail == 0 { tail = budget / 2 }
        let head = budget - tail
        return String(characters[..<head]) + "…" + String(characters[(characters.count - tail)...])
    }
}
