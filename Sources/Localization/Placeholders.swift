/// Named placeholders in messages: "Updated {time} ago in {city}".
///
/// A placeholder is a name in braces, the name a letter or "_" followed by letters, digits
/// and "_" (ASCII). A translation may put the placeholders in any order and use one more
/// than once; "{{" and "}}" stand for a literal brace. This is Python's brace format
/// without conversions or format specs, so gettext's `python-brace-format` flag makes
/// `msgfmt --check` compare the placeholders of a message and its translation, and
/// Weblate and Poedit check and highlight them.
public enum Placeholders {
    /// The names of the placeholders in `text`, in order of appearance, repeats included.
    public static func names(in text: String) -> [String] {
        var names: [String] = []
        scan(text) { piece in
            if case .placeholder(let name) = piece { names.append(name) }
        }
        return names
    }

    /// `text` with each placeholder replaced by its value in `values`; nil when `text`
    /// names a placeholder that `values` lacks.
    public static func fill(_ text: String, _ values: [String: String]) -> String? {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var missing = false
        scan(text) { piece in
            switch piece {
            case .literal(let literal):
                result += literal
            case .placeholder(let name):
                if let value = values[name] {
                    result += value
                } else {
                    missing = true
                }
            }
        }
        return missing ? nil : result
    }

    /// A run of literal text, or one placeholder.
    private enum Piece {
        case literal(Substring)
        case placeholder(String)
    }

    /// Calls `body` with the literal runs and placeholders of `text`, in order. A brace
    /// that does not open a well-formed placeholder is literal text.
    private static func scan(_ text: String, _ body: (Piece) -> Void) {
        var rest = Substring(text)
        while let brace = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            if brace > rest.startIndex { body(.literal(rest[..<brace])) }
            let after = rest.index(after: brace)
            if after < rest.endIndex, rest[after] == rest[brace] {
                body(.literal(rest[brace...brace]))  // "{{" or "}}"
                rest = rest[rest.index(after: after)...]
                continue
            }
            if rest[brace] == "{", let close = rest[after...].firstIndex(of: "}"),
                isName(rest[after..<close])
            {
                body(.placeholder(String(rest[after..<close])))
                rest = rest[rest.index(after: close)...]
                continue
            }
            body(.literal(rest[brace...brace]))
            rest = rest[after...]
        }
        if !rest.isEmpty { body(.literal(rest)) }
    }

    /// Whether `text` is a placeholder's name: `[A-Za-z_][A-Za-z0-9_]*`.
    private static func isName(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first,
            first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first)
        else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
        }
    }
}
