/// One language's translations, as gettext's `msgfmt` compiles a `.po` file into a `.mo`
/// file: looked up by message id, context and count.
///
/// A catalog answers nil for a message it does not have (or has an empty translation
/// for); `Language.localized` then shows the English message id, as gettext does.
public struct MessageCatalog: Sendable {
    /// The catalog's header fields ("Language", "Plural-Forms", …) in the order given.
    public let header: [(name: String, value: String)]
    /// How a count picks a plural form: the header's `Plural-Forms`, else English's rule.
    public let pluralRule: PluralRule
    /// Every message with its translations, in the catalog's order (by message id).
    public let messages: [CatalogMessage]
    private let index: [String: Int]

    /// A catalog of `messages`, read from a `.mo` file with `header`.
    init(
        header: [(name: String, value: String)], pluralRule: PluralRule, messages: [CatalogMessage]
    ) {
        self.header = header
        self.pluralRule = pluralRule
        self.messages = messages
        var index: [String: Int] = [:]
        for (position, message) in messages.enumerated() where !message.translations.isEmpty {
            let key = Self.key(message.id, context: message.context)
            if index[key] == nil { index[key] = position }
        }
        self.index = index
    }

    /// The catalog compiled into the binary for `language` (from `po/LANGUAGE.po`); nil for
    /// English, whose messages are the sources' own.
    public static func embedded(_ language: Language) -> MessageCatalog? {
        EmbeddedCatalogs.catalog(language)
    }

    /// The header field `name` ("Language"), compared without regard to case.
    public func headerField(_ name: String) -> String? {
        header.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The translation of `message` in `context`; nil when the catalog has none. A message
    /// with plural forms answers its first form.
    public func translation(of message: String, context: String? = nil) -> String? {
        guard let position = index[Self.key(message, context: context)] else { return nil }
        return messages[position].translations.first.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The plural form for `count` of the message whose singular id is `singular`; nil when
    /// the catalog has no such message or not the form the count takes.
    public func translation(ofPlural singular: String, count: Int, context: String? = nil)
        -> String?
    {
        guard let position = index[Self.key(singular, context: context)] else { return nil }
        let forms = messages[position].translations
        let form = pluralRule.form(for: count)
        guard form < forms.count, !forms[form].isEmpty else { return nil }
        return forms[form]
    }

    /// The lookup key of a message: gettext's "CONTEXT\u{4}ID", or the id alone.
    private static func key(_ id: String, context: String?) -> String {
        guard let context else { return id }
        return context + "\u{4}" + id
    }
}

/// One message of a catalog: its context, id, plural id and translations.
public struct CatalogMessage: Sendable, Hashable {
    /// The context (`msgctxt`) that tells apart messages with the same id; nil for none.
    public var context: String?
    /// The message id (`msgid`): the English text in the sources.
    public var id: String
    /// The plural message id (`msgid_plural`); nil for a message without plural forms.
    public var pluralID: String?
    /// The translation, or one per plural form (`msgstr[N]`).
    public var translations: [String]

    /// Creates a message.
    public init(context: String?, id: String, pluralID: String?, translations: [String]) {
        self.context = context
        self.id = id
        self.pluralID = pluralID
        self.translations = translations
    }
}
