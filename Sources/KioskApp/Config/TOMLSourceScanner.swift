import KioskCore

/// Finds where each table header and key/value statement of a TOML document is, without
/// interpreting values: enough to name a key's line in an error and to change one value
/// while every other byte of the file — comments, blank lines, order, spacing — stays put.
///
/// It expects a document that TOMLKit already parsed: on text it does not understand it
/// stops with `nil` rather than guessing.
struct TOMLSourceScanner {
    /// A `[table]` or `[[array]]` header.
    struct Header {
        /// The table's path; for `[[cities]]` the 1-based index of this entry is included.
        var path: ConfigPath
        /// The dotted key as written, without brackets.
        var keys: [String]
        /// Whether it is an `[[array of tables]]` header.
        var isArray: Bool
        /// Byte offset of the line the header is on.
        var lineStart: Int
        /// Byte offset just past the header line's newline.
        var lineEnd: Int
        /// 1-based line number.
        var line: Int
    }

    /// A `key = value` statement.
    struct Statement {
        /// Full path: the enclosing table's path plus the (possibly dotted) key.
        var path: ConfigPath
        /// Byte offset where the statement's line starts.
        var lineStart: Int
        /// Byte offset just past the statement's last newline (after a trailing comment).
        var lineEnd: Int
        /// Byte range of the value's source text.
        var valueRange: Range<Int>
        /// 1-based line number of the key.
        var line: Int
        /// Whether the value is an inline table `{ … }`.
        var isInlineTable: Bool
        /// The header this statement belongs to; nil for root statements.
        var headerIndex: Int?
    }

    /// The document's bytes.
    let bytes: [UInt8]
    /// Every header, in order.
    private(set) var headers: [Header] = []
    /// Every statement, in order.
    private(set) var statements: [Statement] = []

    /// Scans `text`; nil when the text has a construct the scanner does not follow.
    init?(_ text: String) {
        bytes = Array(text.utf8)
        var cursor = Cursor(bytes: bytes)
        var tablePath = ConfigPath([])
        var arrayCounts: [String: Int] = [:]
        while !cursor.atEnd {
            let lineStart = cursor.offset
            cursor.skipSpaces()
            guard let byte = cursor.peek() else { break }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"):
                cursor.skipToNextLine()
            case UInt8(ascii: "["):
                let line = cursor.line
                let isArray = cursor.peek(1) == UInt8(ascii: "[")
                cursor.advance(isArray ? 2 : 1)
                guard let keys = cursor.readKey() else { return nil }
                cursor.skipSpaces()
                guard cursor.consume("]"), !isArray || cursor.consume("]") else { return nil }
                guard cursor.finishLine() else { return nil }
                var path = ConfigPath(keys.map { .key($0) })
                if isArray {
                    let dotted = keys.joined(separator: ".")
                    let index = (arrayCounts[dotted] ?? 0) + 1
                    arrayCounts[dotted] = index
                    path = path.appending(index: index)
                } else {
                    // A sub-table of the latest array entry: [cities.extra] under [[cities]].
                    path = Self.resolve(keys, arrayCounts: arrayCounts)
                }
                tablePath = path
                headers.append(
                    Header(
                        path: path, keys: keys, isArray: isArray, lineStart: lineStart,
                        lineEnd: cursor.offset, line: line))
            default:
                let line = cursor.line
                guard let keys = cursor.readKey() else { return nil }
                cursor.skipSpaces()
                guard cursor.consume("=") else { return nil }
                cursor.skipSpaces()
                let valueStart = cursor.offset
                let isInlineTable = cursor.peek() == UInt8(ascii: "{")
                guard cursor.skipValue() else { return nil }
                let valueEnd = cursor.offset
                guard cursor.finishLine() else { return nil }
                var path = tablePath
                for key in keys { path = path.appending(key) }
                statements.append(
                    Statement(
                        path: path, lineStart: lineStart, lineEnd: cursor.offset,
                        valueRange: valueStart..<valueEnd, line: line, isInlineTable: isInlineTable,
                        headerIndex: headers.isEmpty ? nil : headers.count - 1))
            }
        }
    }

    /// The 1-based line where `path` is defined, or where its nearest defined parent is.
    func line(of path: ConfigPath) -> Int? {
        var components = path.components
        while !components.isEmpty {
            let candidate = ConfigPath(components)
            if let statement = statements.first(where: { $0.path == candidate }) {
                return statement.line
            }
            if let header = headers.first(where: { $0.path == candidate }) {
                return header.line
            }
            components.removeLast()
        }
        return nil
    }

    /// The statement that defines exactly `path`.
    func statement(at path: ConfigPath) -> Statement? {
        statements.first { $0.path == path }
    }

    /// Indices into `headers` of the `[[name]]` entries, in order.
    func arrayHeaderIndices(_ name: String) -> [Int] {
        headers.indices.filter { headers[$0].isArray && headers[$0].keys == [name] }
    }

    /// A plain table header's index for path `path` (such as `[display]`).
    func tableHeaderIndex(_ path: ConfigPath) -> Int? {
        headers.firstIndex { !$0.isArray && $0.path == path }
    }

    private static func resolve(_ keys: [String], arrayCounts: [String: Int]) -> ConfigPath {
        var components: [ConfigPath.Component] = []
        var prefix: [String] = []
        for key in keys {
            prefix.append(key)
            components.append(.key(key))
            if let index = arrayCounts[prefix.joined(separator: ".")] {
                components.append(.index(index))
            }
        }
        return ConfigPath(components)
    }
}

extension TOMLSourceScanner {
    /// The line of the first table header whose name starts with a byte no key starts with
    /// (`[+a]`, `[[[a]]]`, `[=]`): toml++ 3.4 inside TOMLKit asserts on such a header and
    /// aborts the process instead of reporting a syntax error (marzer/tomlplusplus#301).
    /// nil when there is none, or when the text stops being one the scanner follows first.
    static func headerWithoutKey(in text: String) -> Int? {
        var cursor = Cursor(bytes: Array(text.utf8))
        while !cursor.atEnd {
            cursor.skipSpaces()
            guard let byte = cursor.peek() else { return nil }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"):
                cursor.skipToNextLine()
            case UInt8(ascii: "["):
                let line = cursor.line
                cursor.advance(cursor.peek(1) == UInt8(ascii: "[") ? 2 : 1)
                cursor.skipSpaces()
                guard let first = cursor.peek(),
                    cursor.isBareKeyByte(first) || first == UInt8(ascii: "\"")
                        || first == UInt8(ascii: "'")
                else { return line }
                cursor.skipToNextLine()
            default:
                guard cursor.readKey() != nil else { return nil }
                cursor.skipSpaces()
                guard cursor.consume("=") else { return nil }
                cursor.skipSpaces()
                guard cursor.skipValue(), cursor.finishLine() else { return nil }
            }
        }
        return nil
    }
}

/// A read position in the document's bytes.
private struct Cursor {
    let bytes: [UInt8]
    var offset = 0
    var line = 1

    var atEnd: Bool { offset >= bytes.count }

    func peek(_ ahead: Int = 0) -> UInt8? {
        offset + ahead < bytes.count ? bytes[offset + ahead] : nil
    }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "\n") { line += 1 }
            offset += 1
        }
    }

    mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard peek() == UInt8(ascii: character) else { return false }
        advance()
        return true
    }

    mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
            advance()
        }
    }

    mutating func skipToNextLine() {
        while let byte = peek() {
            advance()
            if byte == UInt8(ascii: "\n") { return }
        }
    }

    /// After a statement: spaces, an optional comment, then the end of the line.
    mutating func finishLine() -> Bool {
        skipSpaces()
        if peek() == UInt8(ascii: "#") {
            skipToNextLine()
            return true
        }
        if peek() == UInt8(ascii: "\r") { advance() }
        if atEnd { return true }
        guard peek() == UInt8(ascii: "\n") else { return false }
        advance()
        return true
    }

    /// A dotted key: bare, "basic" or 'literal' parts separated by dots.
    mutating func readKey() -> [String]? {
        var parts: [String] = []
        while true {
            skipSpaces()
            guard let byte = peek() else { return nil }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let start = offset
                guard skipString() else { return nil }
                let raw = String(decoding: bytes[(start + 1)..<(offset - 1)], as: UTF8.self)
                parts.append(byte == UInt8(ascii: "\"") ? unescapeBasic(raw) : raw)
            } else {
                let start = offset
                while let next = peek(), isBareKeyByte(next) { advance() }
                guard offset > start else { return nil }
                parts.append(String(decoding: bytes[start..<offset], as: UTF8.self))
            }
            skipSpaces()
            if !consume(".") { return parts }
        }
    }

    /// Skips one value: a string of any kind, an array or inline table (nested, with
    /// comments and newlines inside arrays), or a scalar.
    mutating func skipValue() -> Bool {
        guard let byte = peek() else { return false }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return skipString()
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            var depth = 0
            while let next = peek() {
                switch next {
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    advance()
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    advance()
                    if depth == 0 { return true }
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    guard skipString() else { return false }
                case UInt8(ascii: "#"):
                    while let inComment = peek(), inComment != UInt8(ascii: "\n") { advance() }
                default:
                    advance()
                }
            }
            return false
        default:
            // Numbers, booleans, dates; a date-time may hold one space ("1979-05-27 07:32:00").
            let start = offset
            while let next = peek(), next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r"),
                next != UInt8(ascii: "#"), next != UInt8(ascii: ",")
            {
                advance()
            }
            while offset > start,
                bytes[offset - 1] == UInt8(ascii: " ")
                    || bytes[offset - 1] == UInt8(ascii: "\t")
            {
                offset -= 1
            }
            return offset > start
        }
    }

    /// Skips a basic, literal or multi-line string starting at the cursor.
    mutating func skipString() -> Bool {
        guard let quote = peek() else { return false }
        let isBasic = quote == UInt8(ascii: "\"")
        if peek(1) == quote, peek(2) == quote {
            advance(3)
            while !atEnd {
                if isBasic, peek() == UInt8(ascii: "\\") {
                    advance(2)
                    continue
                }
                if peek() == quote, peek(1) == quote, peek(2) == quote {
                    advance(3)
                    // Up to two more quotes may close the string: """a"""""
                    if peek() == quote { advance() }
                    if peek() == quote { advance() }
                    return true
                }
                advance()
            }
            return false
        }
        advance()
        while let byte = peek() {
            if byte == UInt8(ascii: "\n") { return false }
            if isBasic, byte == UInt8(ascii: "\\") {
                advance(2)
                continue
            }
            advance()
            if byte == quote { return true }
        }
        return false
    }

    func isBareKeyByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private func unescapeBasic(_ raw: String) -> String {
        guard raw.contains("\\") else { return raw }
        var result = ""
        var escaping = false
        for character in raw {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
