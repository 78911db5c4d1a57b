extension MessageCatalog {
    /// The magic number that starts a `.mo` file, in the byte order of its writer.
    static let moMagic: UInt32 = 0x9504_12de

    /// Reads a `.mo` file as `msgfmt` writes it (GNU gettext's binary catalog format,
    /// revision 0 or 1, either byte order; the hash table is not needed and not read).
    ///
    /// The bytes come from outside the program: every count, offset and length is checked
    /// against the file's size before it is used, every string must be UTF-8, and a
    /// header's `Plural-Forms` must parse.
    /// - Throws: `MessageCatalogError` saying what is wrong and where.
    public init(mo bytes: [UInt8]) throws(MessageCatalogError) {
        var reader = MOReader(bytes)
        guard bytes.count >= 28 else {
            throw MessageCatalogError(
                "is \(bytes.count) bytes long, too short for a .mo file's 28-byte header")
        }
        let magic = reader.word(at: 0)
        if magic != Self.moMagic {
            reader.bigEndian = true
            guard reader.word(at: 0) == Self.moMagic else {
                let first = bytes.prefix(4).map { hex($0) }.joined(separator: " ")
                throw MessageCatalogError(
                    "is not a gettext .mo file: it starts with \(first), not de 12 04 95")
            }
        }
        let revision = reader.word(at: 4)
        guard revision >> 16 <= 1 else {
            throw MessageCatalogError(
                "has format revision \(revision >> 16).\(revision & 0xFFFF); revisions 0 and 1 are read"
            )
        }
        let count = Int(reader.word(at: 8))
        let originals = Int(reader.word(at: 12))
        let translations = Int(reader.word(at: 16))
        for (table, offset) in [("message", originals), ("translation", translations)] {
            guard offset <= bytes.count, count <= (bytes.count - offset) / 8 else {
                throw MessageCatalogError(
                    "says it has \(count) messages, but its \(table) table at byte \(offset) does not fit in its \(bytes.count) bytes"
                )
            }
        }
        var header: [(name: String, value: String)] = []
        var messages: [CatalogMessage] = []
        messages.reserveCapacity(count)
        for entry in 0..<count {
            let original = try reader.string(table: originals, entry: entry, what: "message")
            let translation = try reader.string(
                table: translations, entry: entry, what: "translation")
            guard !original.isEmpty else {
                header = Self.headerFields(translation)
                continue
            }
            messages.append(Self.message(original: original, translation: translation))
        }
        var rule = PluralRule.english
        if let forms = header.first(where: { $0.name.lowercased() == "plural-forms" }) {
            do {
                rule = try PluralRule(header: forms.value)
            } catch {
                throw MessageCatalogError("has a Plural-Forms header that cannot be used: \(error)")
            }
        }
        // A template's "charset=CHARSET" is read as UTF-8, as msgfmt does.
        if let type = header.first(where: { $0.name.lowercased() == "content-type" })?.value
            .lowercased(),
            let marker = type.firstRange(of: "charset="),
            case let charset = type[marker.upperBound...].prefix(while: { $0 != ";" && $0 != " " }),
            !["utf-8", "utf8", "ascii", "us-ascii", "charset"].contains(charset)
        {
            throw MessageCatalogError(
                "is in the charset \(charset); only UTF-8 catalogs are read (msgconv --to-code=UTF-8 converts one)"
            )
        }
        self.init(header: header, pluralRule: rule, messages: messages)
    }

    /// A message from its original string ("CONTEXT\u{4}ID\0PLURAL") and its translation
    /// ("FORM\0FORM…").
    private static func message(original: String, translation: String) -> CatalogMessage {
        var rest = Substring(original)
        var context: String?
        if let separator = rest.firstIndex(of: "\u{4}") {
            context = String(rest[..<separator])
            rest = rest[rest.index(after: separator)...]
        }
        let ids = rest.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false)
        return CatalogMessage(
            context: context, id: String(ids[0]), pluralID: ids.count > 1 ? String(ids[1]) : nil,
            translations: translation.split(separator: "\0", omittingEmptySubsequences: false)
                .map(String.init))
    }

    /// The "Name: value" lines of a header entry.
    private static func headerFields(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            return (String(line[..<colon]), String(value))
        }
    }
}

/// Why a catalog was refused: what is wrong with it, as the end of a sentence that starts
/// with the catalog's name.
public struct MessageCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong: "is not a gettext .mo file: it starts with 00 00 00 00, not de 12 04 95".
    public var problem: String

    /// Creates an error.
    public init(_ problem: String) { self.problem = problem }

    /// "the catalog " and the problem.
    public var description: String { "the catalog \(problem)" }
}

/// The .mo file's 32-bit words and strings, bounds-checked.
private struct MOReader {
    let bytes: [UInt8]
    var bigEndian = false

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The 32-bit word at `offset`, which the caller has checked is inside the file.
    func word(at offset: Int) -> UInt32 {
        let b = (0..<4).map { UInt32(bytes[offset + $0]) }
        return bigEndian
            ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]
            : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
    }

    /// String `entry` of the table at `table`: a length and an offset, both inside the file.
    func string(table: Int, entry: Int, what: String) throws(MessageCatalogError) -> String {
        let length = Int(word(at: table + entry * 8))
        let offset = Int(word(at: table + entry * 8 + 4))
        guard offset <= bytes.count, length <= bytes.count - offset else {
            throw MessageCatalogError(
                "has a \(what) (number \(entry + 1)) of \(length) bytes at byte \(offset), past the end of its \(bytes.count) bytes"
            )
        }
        guard let text = String(validating: bytes[offset..<offset + length], as: UTF8.self) else {
            throw MessageCatalogError(
                "has a \(what) (number \(entry + 1), at byte \(offset)) that is not UTF-8")
        }
        return text
    }
}

/// `byte` as two lower-case hexadecimal digits.
private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}
