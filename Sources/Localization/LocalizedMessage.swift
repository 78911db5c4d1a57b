/// A message to show in whichever language the reader has: its English text (the message
/// id), an optional plural and context, and the values of its `{name}` placeholders.
///
/// Make one where the words are written and the language is not known yet (a notice, a
/// failure sentence built in an adapter), and turn it into text where it is shown:
/// `message.text(in: language)`. Where the language is known, `language.localized(…)`
/// does both at once. Either way the message and its plural and context must be string
/// literals (the parameters are `StaticString`), so that
/// `deploy/tools/extract-messages.py` finds every one of them for the catalogs.
public struct LocalizedMessage: Sendable, Hashable {
    /// The English text, also the message id (`msgid`).
    public let id: String
    /// The English plural (`msgid_plural`); nil for a message without plural forms.
    public let pluralID: String?
    /// The count that picks a plural form; it fills `{count}` unless `values` has one.
    public let count: Int?
    /// The context (`msgctxt`) that tells apart messages with the same English text.
    public let context: String?
    /// The placeholders' values, by name.
    public let values: [String: String]

    /// A message, with a `context` when the English text alone is ambiguous ("May" the
    /// month or the verb) and the `values` of its placeholders:
    /// `LocalizedMessage("Updated {time} ago", ["time": age])`.
    public init(
        _ message: StaticString, context: StaticString? = nil,
        _ values: KeyValuePairs<String, String> = [:]
    ) {
        self.init(id: message.description, plural: nil, count: nil, context: context, values)
    }

    /// A message with plural forms, chosen by `count` as the reader's language chooses
    /// them: `LocalizedMessage("{count} day", plural: "{count} days", count: days)`.
    public init(
        _ singular: StaticString, plural: StaticString, count: Int,
        context: StaticString? = nil, _ values: KeyValuePairs<String, String> = [:]
    ) {
        self.init(
            id: singular.description, plural: plural.description, count: count,
            context: context, values)
    }

    private init(
        id: String, plural: String?, count: Int?, context: StaticString?,
        _ values: KeyValuePairs<String, String>
    ) {
        self.id = id
        self.pluralID = plural
        self.count = count
        self.context = context?.description
        var filled = Dictionary(values.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        if let count, filled["count"] == nil { filled["count"] = String(count) }
        self.values = filled
    }

    /// The message in `language`: its catalog's translation with the placeholders filled,
    /// or the English text when the catalog has no translation, or one whose placeholders
    /// the values cannot fill.
    public func text(in language: Language) -> String {
        let catalog = EmbeddedCatalogs.catalog(language)
        return text(from: catalog)
    }

    /// The message as `catalog` translates it, English when `catalog` is nil or has no
    /// usable translation.
    public func text(from catalog: MessageCatalog?) -> String {
        let translation: String?
        if let count, pluralID != nil {
            translation = catalog?.translation(ofPlural: id, count: count, context: context)
        } else {
            translation = catalog?.translation(of: id, context: context)
        }
        if let translation, let filled = Placeholders.fill(translation, values) { return filled }
        return Placeholders.fill(english, values) ?? english
    }

    /// The English text for the count: the message id, or its plural.
    private var english: String {
        guard let pluralID, let count, PluralRule.english.form(for: count) == 1 else { return id }
        return pluralID
    }
}

extension Language {
    /// `message` in this language (gettext's `gettext`, or `pgettext` with a `context`),
    /// its `{name}` placeholders filled from `values`; English when the catalog lacks it:
    /// `language.localized("Humidity")`,
    /// `language.localized("Mon", context: "weekday, abbreviated")`,
    /// `language.localized("Updated {time} ago", ["time": age])`.
    public func localized(
        _ message: StaticString, context: StaticString? = nil,
        _ values: KeyValuePairs<String, String> = [:]
    ) -> String {
        LocalizedMessage(message, context: context, values).text(in: self)
    }

    /// The plural form for `count` in this language (gettext's `ngettext`, or `npgettext`
    /// with a `context`), `{count}` and the other placeholders filled:
    /// `language.localized("{count} day", plural: "{count} days", count: days)`.
    public func localized(
        _ singular: StaticString, plural: StaticString, count: Int,
        context: StaticString? = nil, _ values: KeyValuePairs<String, String> = [:]
    ) -> String {
        LocalizedMessage(singular, plural: plural, count: count, context: context, values)
            .text(in: self)
    }
}
