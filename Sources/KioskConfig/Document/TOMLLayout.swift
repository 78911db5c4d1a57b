import KioskCore
import TOML

/// Where each table header and key/value statement of a parsed TOML document is, as byte
/// offsets: enough to change one value while every other byte of the file — comments,
/// blank lines, order, spacing — stays put. Every position comes from the parser; this
/// only turns lines and columns into offsets and finds where a line ends.
struct TOMLLayout {
    /// A `[table]` or `[[array]]` header.
    struct Header {
        /// The table's path; for `[[cities]]` the 1-based index of this entry is included.
        var path: ConfigPath
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
        /// The header this statement belongs to; nil for root statements.
        var headerIndex: Int?
    }

    /// Every header, in the order of the text.
    private(set) var headers: [Header] = []
    /// Every statement, in the order of the text.
    private(set) var statements: [Statement] = []

    private let bytes: [UInt8]
    /// Byte offset where each line starts (index 0 is line 1, after a byte order mark).
    private let lineStarts: [Int]

    /// The layout of `bytes`, which the parser read into `root`.
    init(root: TOMLNode, bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
        var found: [Header] = []
        var statements: [Statement] = []
        collect(root, path: ConfigPath([]), headers: &found, statements: &statements)
        // A header such as [a.b] also starts the table `a` it creates implicitly: the
        // header belongs to the deepest table that starts there.
        var byOffset: [Int: Header] = [:]
        for header in found {
            if let other = byOffset[header.lineStart],
                other.path.components.count >= header.path.components.count
            {
                continue
            }
            byOffset[header.lineStart] = header
        }
        headers = byOffset.values.sorted { $0.lineStart < $1.lineStart }
        let headerStarts = headers.map(\.lineStart)
        self.statements = statements.sorted { $0.lineStart < $1.lineStart }.map { statement in
            var statement = statement
            statement.headerIndex = headerStarts.lastIndex { $0 < statement.lineStart }
            return statement
        }
    }

    /// The statement that defines exactly `path`.
    func statement(at path: ConfigPath) -> Statement? {
        statements.first { $0.path == path }
    }

    /// Indices into `headers` of the root's `[[name]]` entries, in order.
    func arrayHeaderIndices(_ name: String) -> [Int] {
        headers.indices.filter {
            headers[$0].isArray && headers[$0].path.components.count == 2
                && headers[$0].path.components[0] == .key(name)
        }
    }

    /// A plain table header's index for path `path` (such as `[display]`).
    func tableHeaderIndex(_ path: ConfigPath) -> Int? {
        headers.firstIndex { !$0.isArray && $0.path == path }
    }

    private func collect(
        _ table: TOMLNode, path: ConfigPath, headers: inout [Header],
        statements: inout [Statement]
    ) {
        for member in table.children {
            guard let key = member.key, let keyPosition = member.keyPosition else { continue }
            let memberPath = path.appending(key)
            if member.isStandardTable {
                addHeader(member, path: memberPath, isArray: false, to: &headers)
                collect(member, path: memberPath, headers: &headers, statements: &statements)
            } else if member.isArrayOfTables {
                for (index, entry) in member.children.enumerated() {
                    let entryPath = memberPath.appending(index: index + 1)
                    addHeader(entry, path: entryPath, isArray: true, to: &headers)
                    collect(entry, path: entryPath, headers: &headers, statements: &statements)
                }
            } else {
                let lineStart = offset(line: keyPosition.line, column: 1)
                let valueStart = offset(member.begin)
                let valueEnd = offset(member.end)
                statements.append(
                    Statement(
                        path: memberPath, lineStart: lineStart, lineEnd: lineEnd(after: valueEnd),
                        valueRange: valueStart..<max(valueStart, valueEnd),
                        line: keyPosition.line, headerIndex: nil))
            }
        }
    }

    /// Adds the header of a table that starts at a `[` (not one made by dotted keys).
    private func addHeader(
        _ table: TOMLNode, path: ConfigPath, isArray: Bool, to headers: inout [Header]
    ) {
        let start = offset(table.begin)
        guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return }
        headers.append(
            Header(
                path: path, isArray: isArray,
                lineStart: offset(line: table.begin.line, column: 1),
                lineEnd: lineEnd(after: offset(table.end)), line: table.begin.line))
    }

    /// The byte offset of a parser position (its column counts code points).
    private func offset(_ position: TOMLPosition) -> Int {
        offset(line: position.line, column: position.column)
    }

    private func offset(line: Int, column: Int) -> Int {
        guard lineStarts.indices.contains(line - 1) else { return bytes.count }
        var offset = lineStarts[line - 1]
        var remaining = column - 1
        while remaining > 0, offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        return offset
    }

    /// Just past the newline that ends the line `offset` is on (after a trailing comment,
    /// which is all TOML allows after a value or header), or the end of the text.
    private func lineEnd(after offset: Int) -> Int {
        var end = min(offset, bytes.count)
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return min(end + 1, bytes.count)
    }
}

extension TOMLNode {
    /// The 1-based line where `path` is written: a value's key, a table's header (or first
    /// dotted key), an array entry's start; where its nearest written parent is when the
    /// document does not set `path` itself.
    func line(of path: ConfigPath) -> Int? {
        var node = self
        var line: Int?
        for component in path.components {
            switch component {
            case .key(let key):
                guard let member = node.member(key) else { return line }
                line = member.isStandardTable ? member.begin.line : member.keyPosition?.line
                node = member
            case .index(let index):
                guard case .array = node.content, node.children.indices.contains(index - 1)
                else { return line }
                node = node.children[index - 1]
                line = node.begin.line
            }
        }
        return line
    }
}

extension TOMLNode {
    /// The node as a schema value.
    var value: ConfigValue {
        switch content {
        case .table: .table(children.map { ($0.key ?? "", $0.value) })
        case .array: .array(children.map(\.value))
        case .scalar(.string(let text)): .string(text)
        case .scalar(.integer(let number)): .integer(number)
        case .scalar(.float(let number)): .float(number)
        case .scalar(.boolean(let flag)): .boolean(flag)
        case .scalar(.dateTime(let text)): .dateTime(text)
        }
    }
}
