/// Latin-script spellings of non-ASCII text: for matching names without accents, and for
/// displays whose character ROM has no such letters (the HD44780).
public enum Transliteration {
    /// `text` in ASCII: accents dropped ("São Paulo" → "Sao Paulo"), ligatures spelled out
    /// ("Æ" → "AE"), Cyrillic and Greek romanised ("Москва" → "Moskva"); characters in
    /// `keeping` pass unchanged, anything else unknown becomes "?".
    public static func ascii(_ text: String, keeping: Set<Character> = []) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isASCII || keeping.contains(character) {
                result.append(character)
                continue
            }
            var spelled = ""
            for scalar in character.unicodeScalars {
                if scalar.isASCII {
                    spelled.unicodeScalars.append(scalar)
                } else if let replacement = table[scalar.value] {
                    spelled += replacement
                } else if isCombiningMark(scalar) {
                    continue
                } else if scalar.properties.isWhitespace {
                    spelled += " "
                } else {
                    spelled += "?"
                }
            }
            result += spelled
        }
        return result
    }

    /// A key for comparing names ignoring case, accents and spacing: "  São  PAULO" and
    /// "sao paulo" give the same key.
    public static func searchKey(_ text: String) -> String {
        ascii(text).lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
            .joined(separator: " ")
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Unicode scalar → ASCII spelling. Latin-1, Latin Extended-A and the common Extended-B
    /// letters, Cyrillic (scholarly-simple, as on signs and maps), Greek, and punctuation.
    private static let table: [UInt32: String] = {
        var map: [UInt32: String] = [:]
        func add(_ pairs: String, _ ascii: [String]) {
            assert(pairs.unicodeScalars.count == ascii.count, "transliteration table misaligned")
            for (scalar, spelling) in zip(pairs.unicodeScalars, ascii) {
                map[scalar.value] = spelling
            }
        }
        func addLetters(_ from: String, _ to: String) {
            assert(from.unicodeScalars.count == to.count, "transliteration table misaligned")
            add(from, to.map { String($0) })
        }
        // Latin-1 Supplement.
        addLetters("ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝ", "AAAAAACEEEEIIIIDNOOOOOOUUUUY")
        addLetters("àáâãäåçèéêëìíîïðñòóôõöøùúûüýÿ", "aaaaaaceeeeiiiidnoooooouuuuyy")
        add("ÆæßÞþŒœ", ["AE", "ae", "ss", "Th", "th", "OE", "oe"])
        // Latin Extended-A.
        addLetters(
            "ĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĸĹĺĻļĽľĿŀŁł",
            "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiJjKkkLlLlLlLlLl")
        addLetters(
            "ŃńŅņŇňŉŊŋŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſ",
            "NnNnNnnNnOoOoOoRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs")
        add("Ĳĳ", ["IJ", "ij"])
        // Latin Extended-B letters seen in place names (Romanian, Vietnamese, Azerbaijani).
        addLetters("ƏəƠơƯưȘșȚțǍǎǏǐǑǒǓǔ", "EeOoUuSsTtAaIiOoUu")
        // Latin Extended Additional: Vietnamese and Welsh (ạ…ỹ).
        for value in UInt32(0x1EA0)...0x1EF9 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let base: String
            switch value {
            case 0x1EA0...0x1EB7: base = "a"
            case 0x1EB8...0x1EC7: base = "e"
            case 0x1EC8...0x1ECB: base = "i"
            case 0x1ECC...0x1EE3: base = "o"
            case 0x1EE4...0x1EF1: base = "u"
            default: base = "y"
            }
            map[scalar.value] = value % 2 == 0 ? base.uppercased() : base
        }
        // Cyrillic.
        let cyrillicUpper = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯІЇЄҐЎ"
        let cyrillicLower = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґў"
        let cyrillicLatin = [
            "a", "b", "v", "g", "d", "e", "yo", "zh", "z", "i", "y", "k", "l", "m", "n", "o",
            "p", "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e",
            "yu", "ya", "i", "yi", "ye", "g", "u",
        ]
        add(cyrillicLower, cyrillicLatin)
        add(cyrillicUpper, cyrillicLatin.map { capitalised($0) })
        // Greek.
        let greekLower = "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώςϊϋΐΰ"
        let greekLatin = [
            "a", "v", "g", "d", "e", "z", "i", "th", "i", "k", "l", "m", "n", "x", "o", "p",
            "r", "s", "t", "y", "f", "ch", "ps", "o", "a", "e", "i", "i", "o", "y", "o", "s",
            "i", "y", "i", "y",
        ]
        add(greekLower, greekLatin)
        let greekUpper = "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏ"
        add(greekUpper, greekLatin.prefix(31).map { capitalised($0) })
        // Punctuation and symbols.
        add(
            "‘’‚‛“”„‟–—‐‑−…·•°×",
            [
                "'", "'", "'", "'", "\"", "\"", "\"", "\"", "-", "-", "-",
                "-", "-", "...", ".", "*", "o", "x",
            ])
        map[0x00A0] = " "
        return map
    }()

    private static func capitalised(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
