public import KioskCore
import TOML

/// The text of a config file and what it says. Edits return a new document in which only
/// the edited statement changed: comments, blank lines, key order and formatting of
/// everything else survive byte for byte.
public struct ConfigDocument: Sendable {
    /// The file's path, for messages.
    public let file: String
    /// The TOML source.
    public let text: String

    /// The TOML source as UTF-8; every offset in the layout indexes this.
    private let bytes: [UInt8]

    /// Wraps a document's text.
    public init(file: String, text: String) {
        self.file = file
        self.text = text
        self.bytes = Array(text.utf8)
    }

    // MARK: Reading

    /// The document's root table as schema values.
    /// - Throws: `ConfigFileError` of kind `.syntax`, with the line and column toml++
    ///   reports.
    public func parse() throws(ConfigFileError) -> [(key: String, value: ConfigValue)] {
        try tree().children.map { ($0.key ?? "", $0.value) }
    }

    /// Checks the document and applies it on top of `base` (defaults and board profile).
    /// - Throws: `ConfigFileError` listing every problem with its line.
    public func resolve(onto base: KioskConfiguration) throws(ConfigFileError)
        -> KioskConfiguration
    {
        let document = try parse()
        let (configuration, problems) = ConfigSchema.resolve(document, onto: base)
        guard problems.isEmpty else { throw locate(problems) }
        return configuration
    }

    /// Attaches file and line to schema problems, in line order.
    public func locate(_ problems: [ConfigProblem], kind: ConfigFileError.Kind = .invalid)
        -> ConfigFileError
    {
        let root: TOMLNode?
        do { root = try tree() } catch { root = nil }
        let located = problems.map { problem in
            ConfigFileError.Problem(
                file: file, line: root?.line(of: problem.path), path: problem.path,
                message: problem.message)
        }
        let sorted = located.enumerated().sorted { lhs, rhs in
            (lhs.element.line ?? Int.max, lhs.offset) < (rhs.element.line ?? Int.max, rhs.offset)
        }
        return ConfigFileError(kind: kind, problems: sorted.map(\.element))
    }

    /// The value the document itself sets at `path`, if it sets one.
    public func value(at path: ConfigPath) throws(ConfigFileError) -> ConfigValue? {
        var current: ConfigValue = .table(try parse())
        for component in path.components {
            switch (component, current) {
            case (.key(let key), .table):
                guard let next = current[key] else { return nil }
                current = next
            case (.index(let index), .array(let items)):
                guard items.indices.contains(index - 1) else { return nil }
                current = items[index - 1]
            default:
                return nil
            }
        }
        return current
    }

    /// The value at `path` as the file spells it (`0x76`, `1_000`), when a statement of
    /// its own sets it; nil otherwise.
    public func sourceText(at path: ConfigPath) -> String? {
        let statement: TOMLLayout.Statement?
        do { statement = try layout().statement(at: path) } catch { return nil }
        guard let statement else { return nil }
        return String(decoding: bytes[statement.valueRange], as: UTF8.self)
    }

    // MARK: Editing

    /// The document with the key at `path` (a schema key such as "display.cycle_seconds")
    /// set to `value`, inserted in its table when absent.
    /// - Parameter spelling: the value's TOML source as the user typed it (`0x76`), when it
    ///   is to be kept; by default `value.tomlLiteral`.
    /// - Throws: `ConfigFileError` when the file's layout is one this editor does not touch.
    public func setting(_ path: ConfigPath, to value: ConfigValue, spelling: String? = nil)
        throws(ConfigFileError) -> ConfigDocument
    {
        let layout = try self.layout()
        let literal = spelling ?? value.tomlLiteral
        if let statement = layout.statement(at: path) {
            return replacing(statement.valueRange, with: literal)
        }
        let keys = path.components.compactMap { component -> String? in
            if case .key(let key) = component { return key }
            return nil
        }
        guard keys.count == path.components.count, let name = keys.last else {
            throw notEditable("\(path) is not a key this editor can set")
        }
        let parentKeys = Array(keys.dropLast())
        if parentKeys.isEmpty {
            return insertingRootStatement("\(TOMLText.key(name)) = \(literal)", layout: layout)
        }
        let parentPath = ConfigPath(parentKeys.map { .key($0) })
        if let headerIndex = layout.tableHeaderIndex(parentPath) {
            let insertion =
                layout.statements.last { $0.headerIndex == headerIndex }?.lineEnd
                ?? layout.headers[headerIndex].lineEnd
            return inserting("\(TOMLText.key(name)) = \(literal)\n", at: insertion)
        }
        // The table may be written with dotted keys at the root: `display.kind = "png"`.
        let dottedPrefix = parentKeys.map(TOMLText.key).joined(separator: ".")
        if let last = layout.statements.last(where: {
            $0.headerIndex == nil && $0.path.components.starts(with: parentPath.components)
        }) {
            return inserting(
                "\(dottedPrefix).\(TOMLText.key(name)) = \(literal)\n", at: last.lineEnd)
        }
        // No such table yet: add it before the favourites, or at the end.
        let section = "[\(dottedPrefix)]\n\(TOMLText.key(name)) = \(literal)\n"
        if let firstCity = layout.arrayHeaderIndices("cities").first {
            let start = attachedCommentStart(layout.headers[firstCity].lineStart)
            return inserting(section + "\n", at: start)
        }
        return appendingSection(section)
    }

    /// The document without the statement at `path`; unchanged when it has none.
    /// - Throws: `ConfigFileError` when the file's layout is one this editor does not touch.
    public func removing(_ path: ConfigPath) throws(ConfigFileError) -> ConfigDocument {
        let layout = try self.layout()
        guard let statement = layout.statement(at: path) else { return self }
        return replacing(statement.lineStart..<statement.lineEnd, with: "")
    }

    /// The number of `[[cities]]` entries written as tables.
    public func cityEntryCount() throws(ConfigFileError) -> Int {
        try layout().arrayHeaderIndices("cities").count
    }

    /// The document with a `[[cities]]` entry for `city` appended at the end.
    /// - Throws: `ConfigFileError` when the favourites are written as an inline array.
    public func appendingCity(_ city: City) throws(ConfigFileError) -> ConfigDocument {
        let layout = try self.layout()
        try requireCityTables(layout)
        var block = "[[cities]]\n"
        if case .table(let members) = ConfigSchema.table(for: city) {
            for (key, value) in members { block += "\(TOMLText.key(key)) = \(value.tomlLiteral)\n" }
        }
        return appendingSection(block)
    }

    /// The document without favourite `index` (1-based), its attached comments included.
    /// - Throws: `ConfigFileError` when the favourites are not `[[cities]]` tables.
    public func removingCity(at index: Int) throws(ConfigFileError) -> ConfigDocument {
        let layout = try self.layout()
        try requireCityTables(layout)
        let blocks = cityBlocks(layout)
        guard blocks.indices.contains(index - 1) else {
            throw notEditable("there is no [[cities]] entry \(index)")
        }
        var range = blocks[index - 1].range
        if index == blocks.count {
            // The last entry: take the blank lines that separated it from what came before.
            var start = range.lowerBound
            while start > 0, let previous = lineRange(endingAt: start), isBlank(previous) {
                start = previous.lowerBound
            }
            range = start..<range.upperBound
        }
        return replacing(range, with: "")
    }

    /// The document with favourite `from` moved to position `to` (both 1-based); the other
    /// entries keep their order, and blank lines between entries stay where they were.
    /// - Throws: `ConfigFileError` when the favourites are not `[[cities]]` tables.
    public func movingCity(from: Int, to: Int) throws(ConfigFileError) -> ConfigDocument {
        let layout = try self.layout()
        try requireCityTables(layout)
        let blocks = cityBlocks(layout)
        guard blocks.indices.contains(from - 1), blocks.indices.contains(to - 1) else {
            throw notEditable("there is no [[cities]] entry \(max(from, to))")
        }
        guard from != to else { return self }
        var order = Array(blocks.indices)
        let moved = order.remove(at: from - 1)
        order.insert(moved, at: to - 1)
        var result: [UInt8] = []
        var cursor = 0
        for (slot, block) in blocks.enumerated() {
            result += bytes[cursor..<block.range.lowerBound]
            var content = Array(bytes[blocks[order[slot]].content])
            if content.last != UInt8(ascii: "\n") { content.append(UInt8(ascii: "\n")) }
            if slot == blocks.count - 1, blocks[slot].content.upperBound == bytes.count,
                bytes.last != UInt8(ascii: "\n")
            {
                content.removeLast()
            }
            result += content
            result += bytes[blocks[slot].content.upperBound..<block.range.upperBound]
            cursor = block.range.upperBound
        }
        result += bytes[cursor...]
        return ConfigDocument(file: file, text: String(decoding: result, as: UTF8.self))
    }

    // MARK: Internals

    /// The parsed document.
    /// - Throws: `ConfigFileError` of kind `.syntax` at the parser's line and column.
    private func tree() throws(ConfigFileError) -> TOMLNode {
        // TOML allows no NUL anywhere; say so plainly rather than as a string problem.
        if let nul = bytes.firstIndex(of: 0) {
            throw ConfigFileError(
                kind: .syntax, file: file, line: bytes[..<nul].count { $0 == 0x0A } + 1,
                message: "TOML syntax error: a NUL byte, which TOML does not allow anywhere;"
                    + " remove it (the file may be damaged)")
        }
        do {
            return try TOMLParser.parse(bytes)
        } catch {
            let message =
                !error.isTooDeep && isInHeaderName(error.position)
                ? "a table header needs a name of letters, digits, _ and -, or a quoted one,"
                    + " as in [display] or [[cities]]"
                : error.message
            throw ConfigFileError(
                kind: .syntax, file: file, line: error.position.line,
                column: error.position.column, message: "TOML syntax error: \(message)")
        }
    }

    /// Whether `position` is inside a table header's name: its line starts with `[` and
    /// no `]` comes before it (`[+a]`, `[ ]`, `[[ =cities]]`).
    private func isInHeaderName(_ position: TOMLPosition) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.indices.contains(position.line - 1) else { return false }
        let before = lines[position.line - 1].unicodeScalars.prefix(max(0, position.column - 1))
        let name = before.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
        return name.first == "[" && !name.contains("]")
    }

    /// Where each header and statement is, from the parser's positions.
    func layout() throws(ConfigFileError) -> TOMLLayout {
        TOMLLayout(root: try tree(), bytes: bytes)
    }

    private func notEditable(_ message: String) -> ConfigFileError {
        ConfigFileError(kind: .notEditable, file: file, message: message)
    }

    private func requireCityTables(_ layout: TOMLLayout) throws(ConfigFileError) {
        if let inline = layout.statement(at: ConfigPath([.key("cities")])) {
            throw ConfigFileError(
                kind: .notEditable, file: file, line: inline.line,
                message: "the favourites are written as an inline array (cities = [...]);"
                    + " write them as [[cities]] tables so that city commands can edit them")
        }
    }

    /// Each `[[cities]]` entry's bytes: `range` from its attached comments to where the next
    /// section's attached comments begin; `content` is `range` without trailing blank lines.
    private func cityBlocks(_ layout: TOMLLayout) -> [(
        range: Range<Int>, content: Range<Int>
    )] {
        let headerIndices = layout.arrayHeaderIndices("cities")
        return headerIndices.map { headerIndex in
            let header = layout.headers[headerIndex]
            let start = attachedCommentStart(header.lineStart)
            let next = layout.headers.indices.first { $0 > headerIndex }
            let end =
                next.map { attachedCommentStart(layout.headers[$0].lineStart) } ?? bytes.count
            var contentEnd = end
            while contentEnd > header.lineEnd, let previous = lineRange(endingAt: contentEnd),
                isBlank(previous)
            {
                contentEnd = previous.lowerBound
            }
            return (start..<max(start, end), start..<max(start, contentEnd))
        }
    }

    /// Where the run of comment lines directly above the line at `lineStart` begins.
    func attachedCommentStart(_ lineStart: Int) -> Int {
        var start = lineStart
        while start > 0, let previous = lineRange(endingAt: start), isComment(previous) {
            start = previous.lowerBound
        }
        return start
    }

    /// The line that ends (with its newline) at `offset`.
    func lineRange(endingAt offset: Int) -> Range<Int>? {
        guard offset > 0 else { return nil }
        var start = offset - 1
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start..<offset
    }

    func isBlank(_ range: Range<Int>) -> Bool {
        bytes[range].allSatisfy {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n")
                || $0 == UInt8(ascii: "\r")
        }
    }

    private func isComment(_ range: Range<Int>) -> Bool {
        let content = bytes[range].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return content.first == UInt8(ascii: "#")
    }

    private func insertingRootStatement(_ statement: String, layout: TOMLLayout)
        -> ConfigDocument
    {
        if let last = layout.statements.last(where: { $0.headerIndex == nil }) {
            return inserting(statement + "\n", at: last.lineEnd)
        }
        if let first = layout.headers.first {
            return inserting(statement + "\n\n", at: attachedCommentStart(first.lineStart))
        }
        return appendingSection(statement + "\n")
    }

    private func appendingSection(_ section: String) -> ConfigDocument {
        var prefix = ""
        if !text.isEmpty {
            if !text.hasSuffix("\n") { prefix += "\n" }
            if !text.hasSuffix("\n\n") { prefix += "\n" }
        }
        return ConfigDocument(file: file, text: text + prefix + section)
    }

    private func inserting(_ insertion: String, at offset: Int) -> ConfigDocument {
        var prefix = ""
        if offset == bytes.count, !text.isEmpty, !text.hasSuffix("\n") { prefix = "\n" }
        return replacing(offset..<offset, with: prefix + insertion)
    }

    func replacing(_ range: Range<Int>, with replacement: String) -> ConfigDocument {
        var result = bytes
        result.replaceSubrange(range, with: Array(replacement.utf8))
        return ConfigDocument(file: file, text: String(decoding: result, as: UTF8.self))
    }
}
