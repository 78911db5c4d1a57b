// The parser behind a Swift API, so that only this adapter imports the C shim (docs/development.md: layering).
import CTOML

/// A place in a TOML document as the parser reports it: 1-based line, and 1-based column
/// counted in Unicode code points.
public struct TOMLPosition: Sendable, Hashable {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in code points.
    public var column: Int
}

/// One table, array or value of a parsed TOML document, with where toml++ found it.
public struct TOMLNode: Sendable {
    /// What the node holds; a table's members and an array's elements are `children`.
    public enum Content: Sendable {
        case table(isInline: Bool)
        case array
        case scalar(TOMLScalar)
    }

    /// What the node holds.
    public var content: Content
    /// The member's key, for a table member; nil for the root and array elements.
    public var key: String?
    /// Where the key is written (for `a.b = 1`, where `b` is).
    public var keyPosition: TOMLPosition?
    /// Where the value starts: a table's `[header]`, or its first key when dotted keys
    /// made it.
    public var begin: TOMLPosition
    /// Just past the value's last character.
    public var end: TOMLPosition
    /// A table's members (in key order) or an array's elements.
    public var children: [TOMLNode]

    /// A table written with a `[header]` or dotted keys, not `{ … }`.
    public var isStandardTable: Bool {
        if case .table(isInline: false) = content { return true }
        return false
    }

    /// An array written as `[[name]]` entries: non-empty, every element a standard table.
    public var isArrayOfTables: Bool {
        guard case .array = content, !children.isEmpty else { return false }
        return children.allSatisfy(\.isStandardTable)
    }

    /// The member at `key`, for a table.
    public func member(_ key: String) -> TOMLNode? {
        guard case .table = content else { return nil }
        return children.first { $0.key == key }
    }
}

/// A TOML value that is neither a table nor an array.
public enum TOMLScalar: Sendable, Hashable {
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int)
    /// A floating-point number.
    case float(Double)
    /// A boolean.
    case boolean(Bool)
    /// A date, a time or both, as written.
    case dateTime(String)
}

/// Why a document is not valid TOML, and where, as toml++ says it.
public struct TOMLSyntaxError: Error, Sendable {
    /// Where the parser stopped.
    public var position: TOMLPosition
    /// toml++'s description, such as "Error while parsing key: …".
    public var message: String
    /// The document nests deeper than the parser allows at `position` (a dotted header or
    /// key of hundreds of parts), refused before toml++ reads it.
    public var isTooDeep = false
}

/// toml++ through the `CTOML` shim.
public enum TOMLParser {
    /// Parses UTF-8 `bytes` into the root table.
    /// - Throws: `TOMLSyntaxError` with the line and column where the parser stopped.
    public static func parse(_ bytes: [UInt8]) throws(TOMLSyntaxError) -> TOMLNode {
        var error = ctoml_error()
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                ctoml_parse(text.baseAddress, text.count, &error)
            }
        }
        guard let document = parsed else {
            let message = withUnsafeBytes(of: error.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw TOMLSyntaxError(
                position: position(error.position), message: message, isTooDeep: error.too_deep)
        }
        defer { ctoml_free(document) }
        let nodes = UnsafeBufferPointer(
            start: ctoml_nodes(document), count: ctoml_node_count(document))
        var index = 0
        return node(nodes, &index)
    }

    /// The node at `index` and its descendants; `index` moves past them.
    private static func node(_ nodes: UnsafeBufferPointer<ctoml_node>, _ index: inout Int)
        -> TOMLNode
    {
        let raw = nodes[index]
        index += 1
        var children: [TOMLNode] = []
        children.reserveCapacity(Int(raw.child_count))
        for _ in 0..<raw.child_count { children.append(node(nodes, &index)) }
        let content: TOMLNode.Content
        switch raw.kind {
        case CTOML_TABLE: content = .table(isInline: raw.is_inline)
        case CTOML_ARRAY: content = .array
        case CTOML_STRING: content = .scalar(.string(text(raw.text, raw.text_length)))
        case CTOML_INTEGER: content = .scalar(.integer(Int(raw.integer)))
        case CTOML_FLOAT: content = .scalar(.float(raw.floating))
        case CTOML_BOOLEAN: content = .scalar(.boolean(raw.boolean))
        default: content = .scalar(.dateTime(text(raw.text, raw.text_length)))
        }
        return TOMLNode(
            content: content, key: raw.key.map { text($0, raw.key_length) },
            keyPosition: raw.key == nil ? nil : position(raw.key_begin),
            begin: position(raw.begin), end: position(raw.end), children: children)
    }

    private static func text(_ start: UnsafePointer<CChar>?, _ count: Int) -> String {
        guard let start else { return "" }
        return start.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    private static func position(_ raw: ctoml_position) -> TOMLPosition {
        TOMLPosition(line: Int(raw.line), column: Int(raw.column))
    }
}
