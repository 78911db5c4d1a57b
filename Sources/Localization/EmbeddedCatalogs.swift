/// The catalogs compiled into the binary: `po/LANGUAGE.po`, compiled by `msgfmt --check`,
/// in base64 in the generated `EmbeddedCatalog+LANGUAGE.swift` files
/// (`deploy/tools/generate-catalogs.py`). Embedded rather than read from
/// `/usr/share/locale`, so that the kiosk speaks its language whatever locales the system
/// has generated (a Pi under systemd often has only `C`), and rather than shipped as a
/// resource bundle, whose accessor imports full Foundation.
enum EmbeddedCatalogs {
    /// The base64 text of `language`'s compiled catalog; nil for English, whose messages
    /// are the sources' own.
    static func encoded(_ language: Language) -> String? {
        switch language {
        case .en: nil
        case .de: de
        case .fr: fr
        case .it: it
        case .es: es
        }
    }

    /// `language`'s catalog, read once; nil for English and for a catalog that does not
    /// read (which `Tests/i18n/check.sh` and `EmbeddedCatalogTests` rule out: the kiosk
    /// then speaks English rather than stopping).
    static func catalog(_ language: Language) -> MessageCatalog? {
        switch language {
        case .en: nil
        case .de: german
        case .fr: french
        case .it: italian
        case .es: spanish
        }
    }

    /// `language`'s catalog read from its embedded text, or why it does not read.
    static func read(_ language: Language) -> Result<MessageCatalog, MessageCatalogError>? {
        guard let text = encoded(language) else { return nil }
        guard let bytes = Base64.decode(text) else {
            return .failure(MessageCatalogError("is not valid base64 text"))
        }
        return Result { () throws(MessageCatalogError) in try MessageCatalog(mo: bytes) }
    }

    // Read on first use: Swift initialises a static constant once, safely across threads.
    private static let german = readable(.de)
    private static let french = readable(.fr)
    private static let italian = readable(.it)
    private static let spanish = readable(.es)

    /// `language`'s catalog when it reads; nil otherwise.
    private static func readable(_ language: Language) -> MessageCatalog? {
        guard case .success(let catalog) = read(language) else { return nil }
        return catalog
    }
}

/// Base64 (RFC 4648, the standard alphabet) decoding for the embedded catalogs.
enum Base64 {
    /// The bytes `text` encodes, ignoring line breaks and spaces; nil when it is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count / 4 * 3)
        var buffer: UInt32 = 0
        var bits = 0
        var padding = 0
        for character in text.utf8 {
            let value: UInt32
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                value = UInt32(character - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                value = UInt32(character - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = UInt32(character - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                continue
            default:
                return nil
            }
            guard padding == 0 else { return nil }  // data after "="
            buffer = buffer << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        guard padding <= 2, bits < 6 else { return nil }
        return bytes
    }
}
