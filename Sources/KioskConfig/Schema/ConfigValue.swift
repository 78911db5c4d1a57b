import KioskCore

/// A value read from a TOML document (the config or a board profile), independent of the
/// TOML library: what the schema validates.
public indirect enum ConfigValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int)
    /// A floating-point number.
    case float(Double)
    /// A boolean.
    case boolean(Bool)
    /// An array.
    case array([ConfigValue])
    /// A table, with its keys in document order.
    case table([(key: String, value: ConfigValue)])
    /// A date or time, which no key accepts; kept so the message can name it.
    case dateTime(String)

    /// The TOML type's name as a user knows it: "a string", "a whole number", …
    public var typeDescription: String {
        switch self {
        case .string: "a string"
        case .integer: "a whole number"
        case .float: "a decimal number"
        case .boolean: "true or false"
        case .array: "an array"
        case .table: "a table"
        case .dateTime: "a date or time"
        }
    }

    /// The value as TOML source text: `"text"`, `15`, `0.5`, `true`, `["a", "b"]`,
    /// `{ from = "23:00" }`.
    public var tomlLiteral: String {
        switch self {
        case .string(let text): return TOMLText.quoted(text)
        case .integer(let number): return String(number)
        case .float(let number): return TOMLText.float(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .array(let items): return "[" + items.map(\.tomlLiteral).joined(separator: ", ") + "]"
        case .table(let members):
            if members.isEmpty { return "{}" }
            let inner = members.map { "\(TOMLText.key($0.key)) = \($0.value.tomlLiteral)" }
            return "{ " + inner.joined(separator: ", ") + " }"
        case .dateTime(let text): return text
        }
    }

    /// The value for a person: strings bare, everything else as TOML.
    public var plainText: String {
        if case .string(let text) = self { return text }
        return tomlLiteral
    }

    /// The member `key` of a table value.
    public subscript(key: String) -> ConfigValue? {
        guard case .table(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Two values are equal when their TOML literals are (tables compare in order).
    public static func == (lhs: ConfigValue, rhs: ConfigValue) -> Bool {
        lhs.tomlLiteral == rhs.tomlLiteral
    }

    /// Hashes the TOML literal.
    public func hash(into hasher: inout Hasher) { hasher.combine(tomlLiteral) }
}

extension ConfigValue: Encodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The value as JSON: a table is an object, a date or time its text, a number that is
    /// not finite null.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let text), .dateTime(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .integer(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .float(let number):
            var container = encoder.singleValueContainer()
            if number.isFinite { try container.encode(number) } else { try container.encodeNil() }
        case .boolean(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .table(let members):
            var container = encoder.container(keyedBy: Key.self)
            for member in members {
                try container.encode(member.value, forKey: Key(stringValue: member.key))
            }
        }
    }
}
