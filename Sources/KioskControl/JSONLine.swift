import FoundationEssentials

/// One JSON object on one line with some keys first. JSONEncoder can sort keys
/// (`.sortedKeys`) but not put one before the others, and the control protocol has written
/// `ok` first since its first version. So the value is encoded by JSONEncoder (keys sorted,
/// `ControlProtocol.replyEncoder()`), read back as a tree, and written out again with the
/// named keys of the outer object moved to the front: every key, string and number is
/// encoded by JSONEncoder itself, only the braces, brackets, colons and commas are written
/// here. Without keys to move, the line is byte for byte what JSONEncoder wrote
/// (`JSONLineTests`).
///
/// Whole numbers are written as JSONEncoder writes them up to 2^53; beyond that one that
/// a Double holds exactly reads back as a Double (`1e+16`). The protocol's numbers (frames,
/// seconds, sizes, readings) stay far below.
enum JSONLine {
    /// `value` as JSON, the outer object's `first` keys first (in that order, those it has),
    /// the rest in key order; no newline.
    /// - Throws: `EncodingError` when JSONEncoder cannot encode `value`.
    static func encode(_ value: some Encodable, first: [String]) throws -> [UInt8] {
        let encoder = ControlProtocol.replyEncoder()
        let tree = try JSONDecoder().decode(Node.self, from: try encoder.encode(value))
        var line: [UInt8] = []
        try write(tree, first: first, into: &line, with: encoder)
        return line
    }

    /// A JSON value as JSONEncoder wrote it, objects with their keys in order.
    indirect enum Node: Decodable {
        case object([(key: String, value: Node)])
        case array([Node])
        case string(String)
        case integer(Int64)
        case number(Double)
        case boolean(Bool)
        case null

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: Key.self) {
                // JSONDecoder hands the keys over in no order: back into the encoder's
                // (sorted, by their UTF-8 bytes).
                let keys = object.allKeys.sorted {
                    $0.stringValue.utf8.lexicographicallyPrecedes($1.stringValue.utf8)
                }
                self = .object(
                    try keys.map { ($0.stringValue, try object.decode(Node.self, forKey: $0)) })
                return
            }
            if var array = try? decoder.unkeyedContainer() {
                var items: [Node] = []
                while !array.isAtEnd { items.append(try array.decode(Node.self)) }
                self = .array(items)
                return
            }
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let flag = try? single.decode(Bool.self) {
                self = .boolean(flag)
            } else if let text = try? single.decode(String.self) {
                self = .string(text)
            } else if let whole = try? single.decode(Int64.self),
                whole.magnitude <= 1 << 53 || Double(exactly: whole) == nil
            {
                self = .integer(whole)
            } else {
                self = .number(try single.decode(Double.self))
            }
        }
    }

    private static func write(
        _ node: Node, first: [String] = [], into line: inout [UInt8],
        with encoder: JSONEncoder
    ) throws {
        switch node {
        case .object(let members):
            let leading = first.compactMap { key in members.first { $0.key == key } }
            let rest = members.filter { !first.contains($0.key) }
            line.append(UInt8(ascii: "{"))
            for (index, member) in (leading + rest).enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                line += try encoder.encode(member.key)
                line.append(UInt8(ascii: ":"))
                try write(member.value, into: &line, with: encoder)
            }
            line.append(UInt8(ascii: "}"))
        case .array(let items):
            line.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                try write(item, into: &line, with: encoder)
            }
            line.append(UInt8(ascii: "]"))
        case .string(let text): line += try encoder.encode(text)
        case .integer(let number): line += try encoder.encode(number)
        case .number(let number): line += try encoder.encode(number)
        case .boolean(let flag): line += try encoder.encode(flag)
        case .null: line += try encoder.encode(Int?.none)
        }
    }
}
