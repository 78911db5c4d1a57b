import FoundationEssentials

/// The `--json` output of the verbs: one style for all of them.
enum JSONText {
    /// Any Encodable as JSON with sorted keys, indented, for structured output.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Any Encodable as one line of JSON with sorted keys: a record of a stream, or a value
    /// a script reads whole (`config get`).
    static func encodeLine(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
